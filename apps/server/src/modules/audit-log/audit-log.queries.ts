import type { AuditLogFilter, AuditLogQuery } from '@sms/contracts/audit-log';
import { and, count, desc, eq, getTableColumns, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { escapeLike } from '../../db/escape-like.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** A date-only upper bound includes its whole day. */
const toBound = (value: string): SQL =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? sql`${auditLog.at} < (${value}::date + 1)` : sql`${auditLog.at} <= ${value}::timestamptz`;

/**
 * The WHERE clause of a filter, shared by the list and the export. Actor and date bounds use the
 * (actor_id, at) and (at) indexes; the other conditions filter the rows those indexes walk.
 */
export function auditFilterWhere(filter: AuditLogFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actorId, filter.actor));
  if (filter.action)
    conditions.push(
      filter.action.endsWith('.') ? like(auditLog.action, `${escapeLike(filter.action)}%`) : eq(auditLog.action, filter.action),
    );
  if (filter.subject) conditions.push(eq(auditLog.subject, filter.subject));
  if (filter.from) conditions.push(sql`${auditLog.at} >= ${filter.from}::timestamptz`);
  if (filter.to) conditions.push(toBound(filter.to));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      or(
        ilike(auditLog.actorName, pattern),
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.subjectId, pattern),
        ilike(auditLog.ip, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** One page of the log, newest first (at, then id: entries of one instant keep their order), and the total. */
export async function listAuditEntries(db: Executor, query: AuditLogQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const where = auditFilterWhere(query);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(query.limit).offset(query.skip),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Where the previous export batch ended: `at` as PostgreSQL text keeps its microseconds. */
export interface AuditCursor {
  at: string;
  id: number;
}

export type AuditExportRow = AuditRow & { cursorAt: string };

/** The next `size` entries of a filter after `cursor`, newest first (keyset paging for the export). */
export async function auditExportBatch(
  db: Executor,
  filter: AuditLogFilter,
  cursor: AuditCursor | null,
  size: number,
): Promise<AuditExportRow[]> {
  const after = cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
  return db
    .select({ ...getTableColumns(auditLog), cursorAt: sql<string>`${auditLog.at}::text` })
    .from(auditLog)
    .where(and(auditFilterWhere(filter), after))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size);
}
