import { normalisePhone, phoneSearchPrefix } from '@sms/contracts/phone';
import type { SearchHit } from '@sms/contracts/search';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import type { SearchTerm } from './search-source.ts';

interface ContactHit {
  id: string;
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const CONTACT_COLUMNS = sql`id, phone, first_name as "firstName", last_name as "lastName", email`;
const startsWith = (text: string) => `${escapeLike(text.toLowerCase())}%`;

/**
 * Names and e-mails starting with a term, one index range per column (the lower(...)
 * text_pattern_ops indexes of contacts), each read in index order (`using ~<~`, that operator
 * class's order) and cut at `limit`, so a common prefix costs `limit` rows, not every match.
 */
const byPrefix = (column: SQL, term: string, limit: number): SQL =>
  sql`(select ${CONTACT_COLUMNS} from contacts where lower(${column}) like ${startsWith(term)} and deleted_at is null order by lower(${column}) using ~<~ limit ${limit})`;

/**
 * Contacts by phone (a phone-like term: the number written any way, national ones read in the
 * organisation's country, exactly or as the start of a number: the phone btree, collation "C"),
 * else by the start of first name, last name, e-mail, or "first last".
 */
export async function searchContacts(db: Db, term: SearchTerm, limit: number): Promise<SearchHit[]> {
  const prefix = phoneSearchPrefix(term.text, term.country);
  let rows: ContactHit[];
  if (prefix) {
    const full = normalisePhone(term.text, term.country);
    const exact = full.ok ? full.e164 : null;
    rows = await queryRows<ContactHit>(
      db,
      sql`select * from (
            (select ${CONTACT_COLUMNS}, 0 as rank from contacts where phone = ${exact} and deleted_at is null)
            union all
            (select ${CONTACT_COLUMNS}, 1 as rank from contacts
             where phone like ${`${escapeLike(prefix)}%`} and phone <> ${exact ?? ''} and deleted_at is null order by phone limit ${limit})
          ) hits order by rank, phone limit ${limit}`,
    );
  } else {
    const parts = [
      byPrefix(sql`first_name`, term.text, limit),
      byPrefix(sql`last_name`, term.text, limit),
      byPrefix(sql`email`, term.text, limit),
    ];
    const [first, ...rest] = term.text.split(/\s+/);
    if (first && rest.length > 0) {
      parts.push(
        // `|| ''` keeps the last name's index out: the planner would AND two bitmaps of every
        // "Mary" and every "Smi..." (bench/RESULTS.md), where walking the Marys in order stops at 5.
        sql`(select ${CONTACT_COLUMNS} from contacts where lower(first_name) like ${startsWith(first)} and (lower(last_name) || '') like ${startsWith(rest.join(' '))}
             and deleted_at is null order by lower(first_name) using ~<~ limit ${limit})`,
      );
    }
    rows = await queryRows<ContactHit>(
      db,
      sql`select * from (${sql.join(parts, sql` union `)}) hits
          order by lower(coalesce("firstName", '')), lower(coalesce("lastName", '')), phone limit ${limit}`,
    );
  }
  return rows.map((row) => {
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
    return { id: row.id, title: name || row.phone, detail: [row.phone, row.email].filter(Boolean).join(' · '), tag: null };
  });
}

/** Campaigns whose name contains the term (the table holds thousands at most), names starting with it first, newest first. */
export async function searchCampaigns(db: Db, term: SearchTerm, limit: number): Promise<SearchHit[]> {
  const lowered = term.text.toLowerCase();
  const rows = await queryRows<{ id: string; name: string; status: string }>(
    db,
    sql`select id, name, status from campaigns where lower(name) like ${`%${escapeLike(lowered)}%`}
        order by (lower(name) like ${startsWith(lowered)}) desc, created_at desc, id limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, title: row.name, detail: null, tag: row.status }));
}

/** Message templates whose name contains the term (names starting with it first); a small table. */
export async function searchTemplates(db: Db, term: SearchTerm, limit: number): Promise<SearchHit[]> {
  const lowered = term.text.toLowerCase();
  const rows = await queryRows<{ id: string; name: string; category: string | null }>(
    db,
    sql`select id, name, category from message_templates where lower(name) like ${`%${escapeLike(lowered)}%`}
        order by (lower(name) like ${startsWith(lowered)}) desc, lower(name), id limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, title: row.name, detail: row.category, tag: null }));
}

/** Staff accounts whose name contains the term or whose e-mail starts with it. */
export async function searchUsers(db: Db, term: SearchTerm, limit: number): Promise<SearchHit[]> {
  const lowered = term.text.toLowerCase();
  const rows = await queryRows<{ id: string; name: string; email: string; role: string }>(
    db,
    sql`select id, name, email, role from users
        where deleted_at is null and (lower(name) like ${`%${escapeLike(lowered)}%`} or lower(email) like ${startsWith(lowered)})
        order by lower(name), id limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, title: row.name, detail: row.email, tag: row.role }));
}
