import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** An archive entry as stored: a published campaign (its name and raw body) or a staff post. */
export interface ArchiveEntryRow {
  id: string;
  kind: 'campaign' | 'post';
  title: string;
  body: string;
  published_at: Date | string;
}

// What visitors may see: campaigns published to the archive once launched, posts once their date passed.
const visibleEntries = sql`
  select id, 'campaign' as kind, name as title, body, launched_at as published_at from campaigns
   where archive_published_at is not null and launched_at is not null and launched_at <= now()
  union all
  select id, 'post' as kind, title, body, publish_at as published_at from archive_posts where publish_at <= now()`;

/** One page of the public archive, newest first, and how many entries it holds. */
export async function listArchiveEntries(
  db: Executor,
  page: { limit: number; skip: number },
): Promise<{ rows: ArchiveEntryRow[]; total: number }> {
  const rows = await queryRows<ArchiveEntryRow>(
    db,
    sql`select id, kind, title, body, published_at from (${visibleEntries}) entries
        order by published_at desc, id desc limit ${page.limit} offset ${page.skip}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${visibleEntries}) entries`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One visible entry of the public archive. */
export async function findArchiveEntry(db: Executor, id: string): Promise<ArchiveEntryRow | undefined> {
  const [row] = await queryRows<ArchiveEntryRow>(
    db,
    sql`select id, kind, title, body, published_at from (${visibleEntries}) entries where id = ${id}`,
  );
  return row;
}

export interface CampaignArchiveRow {
  id: string;
  name: string;
  body: string;
  archive_published_at: Date | string | null;
  published_by_name: string | null;
}

/** A campaign's archive state (who published it by name), locked when it is about to change. */
export async function findCampaignArchive(db: Executor, id: string, forUpdate = false): Promise<CampaignArchiveRow | undefined> {
  const [row] = await queryRows<CampaignArchiveRow>(
    db,
    sql`select c.id, c.name, c.body, c.archive_published_at, u.name as published_by_name
          from campaigns c left join users u on u.id = c.archive_published_by
         where c.id = ${id} ${forUpdate ? sql`for update of c` : sql``}`,
  );
  return row;
}

/** Publishes a campaign to the archive (keeping the first publication's time and author) or takes it off. */
export async function setCampaignArchive(db: Executor, id: string, publishedBy: string | null, published: boolean): Promise<void> {
  await queryRows(
    db,
    published
      ? sql`update campaigns set archive_published_at = coalesce(archive_published_at, now()),
              archive_published_by = coalesce(archive_published_by, ${publishedBy}::uuid) where id = ${id}`
      : sql`update campaigns set archive_published_at = null, archive_published_by = null where id = ${id}`,
  );
}
