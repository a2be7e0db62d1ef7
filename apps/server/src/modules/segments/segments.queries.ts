import type { StoredAudience } from '@sms/contracts/campaigns';
import type { ListSegmentsQuery, SegmentCount, SegmentDefinition } from '@sms/contracts/segments';
import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { contacts, segments, users } from '../../db/schema.ts';
import { contactFilterWhere } from '../contacts/index.ts';

export type SegmentRow = typeof segments.$inferSelect;
export type NewSegmentRow = typeof segments.$inferInsert;
export interface SegmentWithCreator {
  segment: SegmentRow;
  creatorName: string | null;
}

const selectWithCreator = (db: Executor) =>
  db.select({ segment: segments, creatorName: users.name }).from(segments).leftJoin(users, eq(users.id, segments.createdBy));

/** A page of segments by name, and how many match the search. */
export async function listSegments(db: Executor, query: ListSegmentsQuery): Promise<{ rows: SegmentWithCreator[]; total: number }> {
  const where = query.search ? ilike(segments.name, `%${escapeLike(query.search)}%`) : undefined;
  const rows = await selectWithCreator(db)
    .where(where)
    .orderBy(sql`lower(${segments.name})`, asc(segments.id))
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(segments).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One segment with its creator's name. */
export async function findSegment(db: Executor, id: string): Promise<SegmentWithCreator | undefined> {
  const [row] = await selectWithCreator(db).where(eq(segments.id, id));
  return row;
}

/** Inserts a segment. */
export async function insertSegment(db: Executor, values: NewSegmentRow): Promise<SegmentRow> {
  const [row] = await db.insert(segments).values(values).returning();
  if (!row) throw new Error('insert into segments returned no row');
  return row;
}

/** Applies a change and stamps updated_at (undefined when gone). */
export async function updateSegmentRow(db: Executor, id: string, patch: Partial<NewSegmentRow>): Promise<SegmentRow | undefined> {
  const [row] = await db
    .update(segments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(segments.id, id))
    .returning();
  return row;
}

/** Deletes a segment; false when it was already gone. */
export async function deleteSegmentRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(segments).where(eq(segments.id, id)).returning({ id: segments.id });
  return rows.length > 0;
}

/**
 * Campaigns that still need a segment: scheduled ones, and sending or paused ones whose segment was
 * not yet resolved (their fan-out has not started). Locks them, so none starts resolving meanwhile.
 */
export async function campaignsAwaitingSegment(db: Executor, segmentId: string): Promise<{ id: string; name: string }[]> {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from campaigns
        where audience->>'type' = 'segment' and audience->>'segmentId' = ${segmentId}
          and (status = 'scheduled' or (status in ('sending', 'paused') and audience->'definition' is null))
        order by created_at for update`,
  );
}

/** Whether a campaign exists (conditions naming one). */
export async function campaignExists(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from campaigns where id = ${id}`);
  return rows.length > 0;
}

/** How many contacts a definition matches, and how many of them are active (one pass, same WHERE as the contacts list). */
export async function countDefinition(db: Executor, definition: SegmentDefinition): Promise<SegmentCount> {
  const where = contactFilterWhere(definition) ?? sql`true`;
  const [row] = await queryRows<{ total: number; active: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where ${contacts.status} = 'active')::int as active from ${contacts} where ${where}`,
  );
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}

/**
 * Records a segment audience's definition in its campaign, once: called when the campaign starts
 * sending (its fan-out), so later edits of the segment do not change who it was sent to, and the
 * reports can say which definition it used. Answers the campaign's audience afterwards (without a
 * definition when the segment no longer exists: it then reaches nobody).
 */
export async function recordSegmentSnapshot(db: Executor, campaignId: string): Promise<StoredAudience | undefined> {
  await db.execute(sql`update campaigns c
    set audience = c.audience || jsonb_build_object('segmentName', s.name, 'definition', s.definition,
      'resolvedAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from segments s
    where c.id = ${campaignId} and c.audience->>'type' = 'segment' and c.audience->'definition' is null
      and s.id = (c.audience->>'segmentId')::uuid`);
  const [row] = await queryRows<{ audience: StoredAudience }>(db, sql`select audience from campaigns where id = ${campaignId}`);
  return row?.audience;
}
