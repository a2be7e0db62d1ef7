import type { ListNotesQuery } from '@sms/contracts/notes';
import { ROLES } from '@sms/contracts/roles';
import { roleCan } from '@sms/contracts/policy';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';

/** A note with its contact, author and mentioned users, as the presenter reads it. */
export interface NoteRow {
  id: string;
  contactId: string;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  mentions: Array<{ id: string; name: string }>;
  createdAt: Date | string;
  editedAt: Date | string | null;
}

/** The roles that may read notes (and so be mentioned), as an SQL list. */
export const noteReaderRoles = (): SQL =>
  sql.join(
    ROLES.filter((role) => roleCan(role, 'read', 'Note')).map((role) => sql`${role}`),
    sql`, `,
  );

const selectNotes = sql`select n.id, n.contact_id as "contactId", c.first_name as "firstName", c.last_name as "lastName", c.phone,
       n.author_id as "authorId", a.name as "authorName", n.body, n.created_at as "createdAt", n.edited_at as "editedAt",
       coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name)
                 from users u where u.id = any(n.mentions)), '[]'::json) as mentions
  from contact_notes n
  join contacts c on c.id = n.contact_id and c.deleted_at is null
  left join users a on a.id = n.author_id`;

/** Notes matching the filters, newest first, and how many match (`viewerId`: who "mentions me" means). */
export async function listNotes(db: Executor, query: ListNotesQuery, viewerId: string): Promise<{ rows: NoteRow[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (query.contactId) conditions.push(sql`n.contact_id = ${query.contactId}`);
  if (query.authorId) conditions.push(sql`n.author_id = ${query.authorId}`);
  if (query.mentionsMe) conditions.push(sql`n.mentions @> array[${viewerId}]::uuid[]`);
  if (query.search) conditions.push(sql`n.body ilike ${`%${escapeLike(query.search)}%`}`);
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<NoteRow>(
    db,
    sql`${selectNotes} where ${where} order by n.created_at desc, n.id desc limit ${query.limit} offset ${query.skip}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contact_notes n join contacts c on c.id = n.contact_id and c.deleted_at is null where ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** One note (undefined when gone, or its contact is in the trash). */
export async function findNote(db: Executor, id: string): Promise<NoteRow | undefined> {
  const [row] = await queryRows<NoteRow>(db, sql`${selectNotes} where n.id = ${id}`);
  return row;
}

/** Whether a contact exists and is not in the trash. */
export async function contactExists(db: Executor, contactId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from contacts where id = ${contactId} and deleted_at is null`);
  return rows.length > 0;
}

/** The contact's name (or phone) for notification texts. */
export async function contactLabel(db: Executor, contactId: string): Promise<string> {
  const [row] = await queryRows<{ label: string }>(
    db,
    sql`select coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), phone) as label from contacts where id = ${contactId}`,
  );
  return row?.label ?? '';
}

/** Of these users, those who may be mentioned: active staff whose role may read notes. */
export async function mentionableAmong(db: Executor, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  return queryRows(
    db,
    sql`select id, name from users
        where id = any(${sql.param([...ids])}::uuid[]) and status = 'active' and deleted_at is null and role in (${noteReaderRoles()})`,
  );
}

/** Staff who may be mentioned whose name matches (anywhere, any case), by name, at most 20. */
export async function searchMentionable(db: Executor, search: string | undefined): Promise<Array<{ id: string; name: string }>> {
  const term = search ? sql`and name ilike ${`%${escapeLike(search)}%`}` : sql``;
  return queryRows(
    db,
    sql`select id, name from users
        where status = 'active' and deleted_at is null and role in (${noteReaderRoles()}) ${term}
        order by lower(name), id limit 20`,
  );
}

/** Everyone who wrote a note (deleted users by their kept name), by name. */
export async function noteAuthors(db: Executor): Promise<Array<{ id: string; name: string }>> {
  return queryRows(
    db,
    sql`select u.id, u.name from users u where exists (select 1 from contact_notes n where n.author_id = u.id) order by lower(u.name), u.id`,
  );
}

/** Inserts a note; answers its id. */
export async function insertNote(
  db: Executor,
  values: { contactId: string; authorId: string; body: string; mentions: readonly string[] },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into contact_notes (contact_id, author_id, body, mentions)
        values (${values.contactId}, ${values.authorId}, ${values.body}, ${sql.param([...values.mentions])}::uuid[]) returning id`,
  );
  if (!row) throw new Error('insert into contact_notes returned no row');
  return row.id;
}

/** Changes a note's text and mentions and stamps edited_at; false when it is gone. */
export async function updateNoteRow(db: Executor, id: string, body: string, mentions: readonly string[]): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update contact_notes set body = ${body}, mentions = ${sql.param([...mentions])}::uuid[], edited_at = now() where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** Deletes a note; false when it was already gone. */
export async function deleteNoteRow(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`delete from contact_notes where id = ${id} returning id`);
  return rows.length > 0;
}
