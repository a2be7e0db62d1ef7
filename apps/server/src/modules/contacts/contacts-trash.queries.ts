import { TRASH_DAYS } from '@sms/contracts/contacts-trash';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import { searchCondition, type ContactRow } from './contacts.queries.ts';

const inTrash = isNotNull(contacts.deletedAt);

/** A page of the trash, most recently deleted first, and how many are in it (with the search). */
export async function listTrashRows(
  db: Executor,
  query: { search?: string | undefined; skip: number; limit: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = and(inTrash, query.search ? searchCondition(query.search, undefined) : undefined);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(sql`${contacts.deletedAt} desc, ${contacts.id} desc`)
      .limit(query.limit)
      .offset(query.skip),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${contacts} where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Takes the listed contacts out of the trash; answers the ids restored (those that were in it). */
export async function restoreRows(db: Executor, ids: string[]): Promise<string[]> {
  const rows = await db
    .update(contacts)
    .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
    .where(and(inArray(contacts.id, ids), inTrash))
    .returning({ id: contacts.id });
  return rows.map((row) => row.id);
}

/**
 * Deletes for good at most `batch` contacts trashed more than TRASH_DAYS ago, oldest first (the
 * trash index). Their consent records and subscriptions go with them (foreign keys); messages keep
 * their figures, as after any deletion. Answers how many went.
 */
export async function purgeTrashBatch(db: Executor, batch: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
      delete from ${contacts} where id in (
        select id from ${contacts} where deleted_at < now() - make_interval(days => ${TRASH_DAYS}) order by deleted_at limit ${batch})
      returning 1)
    select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}
