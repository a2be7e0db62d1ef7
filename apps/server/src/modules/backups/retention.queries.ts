import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * Housekeeping's statements: each changes at most `limit` rows (a short transaction; the embedded
 * server's single connection serves requests between them) and answers how many it changed.
 */
const changed = async (db: Executor, statement: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, statement))[0]?.n ?? 0;

/** Message texts older than the cutoff; status, times, reply word and counters stay. */
export const clearMessageBodies = (db: Executor, days: number, limit: number) =>
  changed(
    db,
    sql`with picked as (select id from messages where queued_at < now() - make_interval(days => ${days})
          and (body is not null or reply_text is not null) limit ${limit}),
        done as (update messages m set body = null, reply_text = null from picked where m.id = picked.id returning 1)
      select count(*)::int as n from done`,
  );

/** Texts of replies and other inbound messages older than the cutoff. */
export const clearInboundBodies = (db: Executor, days: number, limit: number) =>
  changed(
    db,
    sql`with picked as (select id from inbound_messages where received_at < now() - make_interval(days => ${days}) and body <> '' limit ${limit}),
        done as (update inbound_messages i set body = '' from picked where i.id = picked.id returning 1)
      select count(*)::int as n from done`,
  );

/** The rejected rows (the error file) of imports finished before the cutoff; the import's counts stay. */
export const deleteImportRejections = (db: Executor, days: number, limit: number) =>
  changed(
    db,
    sql`with picked as (select r.import_id, r.row_number from import_rejections r join imports i on i.id = r.import_id
          where i.finished_at < now() - make_interval(days => ${days}) limit ${limit}),
        done as (delete from import_rejections r using picked where r.import_id = picked.import_id and r.row_number = picked.row_number returning 1)
      select count(*)::int as n from done`,
  );

/** Audit entries older than the cutoff (never less than 90 days: the settings refuse less). */
export const deleteAuditEntries = (db: Executor, days: number, limit: number) =>
  changed(
    db,
    sql`with picked as (select id from audit_log where at < now() - make_interval(days => ${days}) order by id limit ${limit}),
        done as (delete from audit_log a using picked where a.id = picked.id returning 1)
      select count(*)::int as n from done`,
  );
