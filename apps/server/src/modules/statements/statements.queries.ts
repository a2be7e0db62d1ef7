import type { AdjustmentKind, StatementScope } from '@sms/contracts/statements';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** A statement row with the names it shows (scope, closer) and, once closed, its frozen figures. */
export interface StatementRow {
  id: string;
  month: string;
  scope: StatementScope;
  scope_id: string | null;
  scope_name: string | null;
  status: 'open' | 'closed';
  currency: string | null;
  time_zone: string | null;
  period_from: Date | string | null;
  period_to: Date | string | null;
  closed_at: Date | string | null;
  closed_by: string | null;
  closed_by_name: string | null;
  created_at: Date | string;
  /** Charges less credits. */
  adjustments_total: string | number;
}

export interface StatementLineRow {
  country: string | null;
  encoding: 'GSM-7' | 'UCS-2';
  messages: number;
  parts: string | number;
  unit_price: string | number;
  amount: string | number;
}

export interface AdjustmentRow {
  id: string;
  kind: AdjustmentKind;
  amount: string | number;
  reason: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = sql`select s.id, to_char(s.month, 'YYYY-MM') as month, s.scope, s.scope_id,
    case s.scope when 'apiKey' then k.name when 'user' then u.name end as scope_name,
    s.status, s.currency, s.time_zone, s.period_from, s.period_to, s.closed_at, s.closed_by, c.name as closed_by_name, s.created_at,
    coalesce((select sum(case a.kind when 'charge' then a.amount else -a.amount end) from statement_adjustments a
              where a.statement_id = s.id), 0) as adjustments_total
  from statements s
  left join api_keys k on s.scope = 'apiKey' and k.id = s.scope_id
  left join users u on s.scope = 'user' and u.id = s.scope_id
  left join users c on c.id = s.closed_by`;

/** A page of statements, newest month first, and how many there are. */
export async function listStatements(
  db: Executor,
  query: { limit: number; skip: number; scope?: StatementScope | undefined },
): Promise<{ rows: StatementRow[]; total: number }> {
  const where = query.scope ? sql`where s.scope = ${query.scope}` : sql``;
  const rows = await queryRows<StatementRow>(
    db,
    sql`${SELECT} ${where} order by s.month desc, s.scope, scope_name nulls first, s.id limit ${query.limit} offset ${query.skip}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from statements s ${where}`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One statement. */
export async function findStatement(db: Executor, id: string): Promise<StatementRow | undefined> {
  const [row] = await queryRows<StatementRow>(db, sql`${SELECT} where s.id = ${id}`);
  return row;
}

/** Locks a statement's row for a change (close, adjustments) and says whether it is still open. */
export async function lockStatement(db: Executor, id: string): Promise<{ status: 'open' | 'closed' } | undefined> {
  const [row] = await queryRows<{ status: 'open' | 'closed' }>(db, sql`select status from statements where id = ${id} for update`);
  return row;
}

/** Inserts a statement; undefined when one for the month and scope exists already. */
export async function insertStatement(
  db: Executor,
  values: { month: string; scope: StatementScope; scopeId: string | null; createdBy: string },
): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into statements (month, scope, scope_id, created_by)
        values (${`${values.month}-01`}::date, ${values.scope}, ${values.scopeId}::uuid, ${values.createdBy}::uuid)
        on conflict do nothing returning id`,
  );
  return row?.id;
}

/** The statement already kept for a month and scope. */
export async function statementFor(
  db: Executor,
  month: string,
  scope: StatementScope,
  scopeId: string | null,
): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from statements where month = ${`${month}-01`}::date and scope = ${scope}
        and coalesce(scope_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(${scopeId}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)`,
  );
  return row?.id;
}

/** Whether the API key (revoked ones too) or the user (not deleted) a scope names exists. */
export async function scopeExists(db: Executor, scope: 'apiKey' | 'user', id: string): Promise<boolean> {
  const rows =
    scope === 'apiKey'
      ? await queryRows(db, sql`select 1 from api_keys where id = ${id}`)
      : await queryRows(db, sql`select 1 from users where id = ${id} and deleted_at is null`);
  return rows.length > 0;
}

/** A closed statement's frozen lines, in order. */
export async function statementLines(db: Executor, id: string): Promise<StatementLineRow[]> {
  return queryRows<StatementLineRow>(
    db,
    sql`select country, encoding, messages, parts, unit_price, amount from statement_lines where statement_id = ${id} order by position`,
  );
}

/** The closed statements' frozen lines' totals, by statement (the list's totals, one query). */
export async function frozenTotals(db: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ statement_id: string; amount: string | number }>(
    db,
    sql`select statement_id, sum(amount) as amount from statement_lines
        where statement_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) group by statement_id`,
  );
  return new Map(rows.map((row) => [row.statement_id, Number(row.amount)]));
}

/** Freezes a statement: its lines (one insert) and its period, zone, currency and closer. */
export async function freezeStatement(
  db: Executor,
  id: string,
  values: {
    lines: ReadonlyArray<{ country: string | null; encoding: string; messages: number; parts: number; unitPrice: number; amount: number }>;
    currency: string;
    timeZone: string;
    from: Date;
    to: Date;
    closedBy: string;
  },
): Promise<void> {
  if (values.lines.length > 0) {
    const rows = values.lines.map(
      (line, position) =>
        sql`(${id}::uuid, ${position}, ${line.country}, ${line.encoding}, ${line.messages}, ${line.parts}, ${line.unitPrice}, ${line.amount})`,
    );
    await db.execute(
      sql`insert into statement_lines (statement_id, position, country, encoding, messages, parts, unit_price, amount) values ${sql.join(rows, sql`, `)}`,
    );
  }
  await db.execute(
    sql`update statements set status = 'closed', currency = ${values.currency}, time_zone = ${values.timeZone},
        period_from = ${values.from.toISOString()}::timestamptz, period_to = ${values.to.toISOString()}::timestamptz,
        closed_at = now(), closed_by = ${values.closedBy}::uuid where id = ${id}`,
  );
}

/** A statement's adjustments, oldest first, with their authors' names. */
export async function listAdjustments(db: Executor, statementId: string): Promise<AdjustmentRow[]> {
  return queryRows<AdjustmentRow>(
    db,
    sql`select a.id, a.kind, a.amount, a.reason, a.created_by, u.name as created_by_name, a.created_at, a.updated_at
        from statement_adjustments a left join users u on u.id = a.created_by
        where a.statement_id = ${statementId} order by a.created_at, a.id`,
  );
}

/** Adds an adjustment. */
export async function insertAdjustment(
  db: Executor,
  values: { statementId: string; kind: AdjustmentKind; amount: number; reason: string; createdBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into statement_adjustments (statement_id, kind, amount, reason, created_by)
        values (${values.statementId}::uuid, ${values.kind}, ${values.amount}, ${values.reason}, ${values.createdBy}::uuid) returning id`,
  );
  if (!row) throw new Error('insert into statement_adjustments returned no row');
  return row.id;
}

/** Changes an adjustment of a statement; false when it has no such adjustment. */
export async function updateAdjustment(
  db: Executor,
  values: { statementId: string; id: string; kind: AdjustmentKind; amount: number; reason: string },
): Promise<{ kind: string; amount: string | number; reason: string } | undefined> {
  const [row] = await queryRows<{ kind: string; amount: string | number; reason: string }>(
    db,
    sql`update statement_adjustments n set kind = ${values.kind}, amount = ${values.amount}, reason = ${values.reason}, updated_at = now()
        from statement_adjustments o where n.id = o.id and n.id = ${values.id} and n.statement_id = ${values.statementId}
        returning o.kind, o.amount, o.reason`,
  );
  return row;
}

/** Deletes an adjustment of a statement; what it was, or undefined when there was none. */
export async function deleteAdjustment(
  db: Executor,
  statementId: string,
  id: string,
): Promise<{ kind: string; amount: string | number; reason: string } | undefined> {
  const [row] = await queryRows<{ kind: string; amount: string | number; reason: string }>(
    db,
    sql`delete from statement_adjustments where id = ${id} and statement_id = ${statementId} returning kind, amount, reason`,
  );
  return row;
}
