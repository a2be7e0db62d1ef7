import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

export interface ArchivePostRow {
  id: string;
  title: string;
  body: string;
  publish_at: Date | string;
  author_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const postColumns = sql`p.id, p.title, p.body, p.publish_at, u.name as author_name, p.created_at, p.updated_at`;

/** One page of staff posts, latest publish date first (scheduled ones included), and how many there are. */
export async function listArchivePosts(
  db: Executor,
  page: { limit: number; skip: number },
): Promise<{ rows: ArchivePostRow[]; total: number }> {
  const rows = await queryRows<ArchivePostRow>(
    db,
    sql`select ${postColumns} from archive_posts p left join users u on u.id = p.author_id
        order by p.publish_at desc, p.id desc limit ${page.limit} offset ${page.skip}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from archive_posts`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One staff post. */
export async function findArchivePost(db: Executor, id: string): Promise<ArchivePostRow | undefined> {
  const [row] = await queryRows<ArchivePostRow>(
    db,
    sql`select ${postColumns} from archive_posts p left join users u on u.id = p.author_id where p.id = ${id}`,
  );
  return row;
}

/** Stores a new post and answers its id. */
export async function insertArchivePost(
  db: Executor,
  values: { title: string; body: string; publishAt: string; authorId: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into archive_posts (title, body, publish_at, author_id)
        values (${values.title}, ${values.body}, ${values.publishAt}::timestamptz, ${values.authorId}) returning id`,
  );
  if (!row) throw new Error('insert into archive_posts returned no row');
  return row.id;
}

/** Changes the given fields of a post; answers whether it exists. */
export async function updateArchivePost(
  db: Executor,
  id: string,
  values: { title?: string | undefined; body?: string | undefined; publishAt?: string | undefined },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update archive_posts set
          title = coalesce(${values.title ?? null}, title),
          body = coalesce(${values.body ?? null}, body),
          publish_at = coalesce(${values.publishAt ?? null}::timestamptz, publish_at),
          updated_at = now()
        where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** Deletes a post; answers whether it existed. */
export async function deleteArchivePost(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`delete from archive_posts where id = ${id} returning id`);
  return rows.length > 0;
}
