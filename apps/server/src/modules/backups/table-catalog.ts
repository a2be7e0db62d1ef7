import type { CopySession } from './copy-session.ts';
import type { TableHeader } from './backup-format.ts';

/**
 * What the database's own catalog says about the product's tables (schema `public`): read at
 * backup and restore time, so a new table or column is included without touching this module.
 */

/** Every table with its stored columns (generated columns are computed again on load). */
export async function listTables(session: CopySession): Promise<TableHeader[]> {
  const rows = await session.rows<{ name: string; columns: string[] }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.relname`,
  );
  return orderByForeignKeys(session, rows);
}

/** Parents before children, so a restore can COPY table after table with every foreign key checked. */
async function orderByForeignKeys(session: CopySession, tables: TableHeader[]): Promise<TableHeader[]> {
  const edges = await session.rows<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableHeader[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done' || state.get(name) === 'visiting') return;
    state.set(name, 'visiting');
    // A self-reference is checked at the end of the COPY statement, after all of its rows.
    for (const edge of edges) if (edge.child === name && edge.parent !== name) visit(edge.parent);
    state.set(name, 'done');
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

/** Tables with triggers of their own: counters and webhooks must not fire again while rows are loaded. */
export async function tablesWithTriggers(session: CopySession): Promise<string[]> {
  const rows = await session.rows<{ name: string }>(
    `select distinct c.relname as name
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = 'public'`,
  );
  return rows.map((row) => row.name);
}

/** Identity and serial columns with their sequences, to move each past the loaded ids. */
export async function sequences(session: CopySession): Promise<Array<{ table: string; column: string; sequence: string }>> {
  return session.rows(
    `select c.relname as "table", a.attname as "column", s.sequence
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       cross join lateral (select pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence) s
      where n.nspname = 'public' and c.relkind in ('r', 'p') and s.sequence is not null`,
  );
}
