import type { KeywordRuleApplication, KeywordRuleResult } from '@sms/contracts/keyword-rules';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * Claims (reply, rule) pairs: inserts one application row each, skipping pairs already there (a
 * batch processed again after a crash). Answers the pairs that are new: only those act.
 */
export async function claimApplications(
  db: Executor,
  pairs: Array<{ inboundId: string; ruleId: string; contactId: string; ruleName: string; rulePosition: number }>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const column = <T>(pick: (pair: (typeof pairs)[number]) => T) => sql.param(pairs.map(pick));
  const rows = await queryRows<{ inbound_id: string | number; rule_id: string }>(
    db,
    sql`insert into keyword_rule_applications (inbound_id, rule_id, contact_id, rule_name, rule_position)
        select * from unnest(${column((p) => p.inboundId)}::bigint[], ${column((p) => p.ruleId)}::uuid[],
                             ${column((p) => p.contactId)}::uuid[], ${column((p) => p.ruleName)}::text[], ${column((p) => p.rulePosition)}::int[])
        on conflict (inbound_id, rule_id) do nothing
        returning inbound_id, rule_id`,
  );
  return new Set(rows.map((row) => `${row.inbound_id}:${row.rule_id}`));
}

/** Writes what the claimed applications did. */
export async function saveResults(
  db: Executor,
  rows: Array<{ inboundId: string; ruleId: string; results: KeywordRuleResult[] }>,
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  await db.execute(sql`update keyword_rule_applications a set results = r.results
    from unnest(${column((r) => r.inboundId)}::bigint[], ${column((r) => r.ruleId)}::uuid[], ${column((r) => JSON.stringify(r.results))}::jsonb[])
      as r(inbound_id, rule_id, results)
    where a.inbound_id = r.inbound_id and a.rule_id = r.rule_id`);
}

/** The contacts among `ids` that may be sent messages now (active, not in the trash), read after this batch's keywords changed consent. */
export async function answerableContacts(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from contacts where id = any(${sql.param(ids)}::uuid[]) and status = 'active' and deleted_at is null`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Each contact's changes: tags (null leaves a tag as it is) and custom fields merged into theirs. */
export interface ContactPatch {
  contactId: string;
  tag1: string | null;
  tag2: string | null;
  tag3: string | null;
  fields: Record<string, string>;
}

/** Applies the rules' tags and fields to their contacts, one statement for the batch. */
export async function patchContacts(db: Executor, patches: ContactPatch[]): Promise<void> {
  if (patches.length === 0) return;
  const column = <T>(pick: (patch: ContactPatch) => T) => sql.param(patches.map(pick));
  await db.execute(sql`update contacts c set
      tag1 = coalesce(p.tag1, c.tag1), tag2 = coalesce(p.tag2, c.tag2), tag3 = coalesce(p.tag3, c.tag3),
      custom_fields = c.custom_fields || p.fields, updated_at = now()
    from unnest(${column((p) => p.contactId)}::uuid[], ${column((p) => p.tag1)}::text[], ${column((p) => p.tag2)}::text[],
                ${column((p) => p.tag3)}::text[], ${column((p) => JSON.stringify(p.fields))}::jsonb[]) as p(contact_id, tag1, tag2, tag3, fields)
    where c.id = p.contact_id`);
}

/** The rules that applied to these inbound messages, by message, in the order they applied. */
export async function applicationsOf(db: Executor, inboundIds: string[]): Promise<Map<string, KeywordRuleApplication[]>> {
  const byMessage = new Map<string, KeywordRuleApplication[]>();
  if (inboundIds.length === 0) return byMessage;
  const rows = await queryRows<{
    inbound_id: string | number;
    rule_id: string;
    rule_name: string;
    results: KeywordRuleApplication['results'];
  }>(
    db,
    sql`select a.inbound_id, a.rule_id, a.rule_name, a.results from keyword_rule_applications a
        where a.inbound_id = any(${sql.param(inboundIds)}::bigint[])
        order by a.inbound_id, a.applied_at, a.rule_position`,
  );
  for (const row of rows) {
    const key = String(row.inbound_id);
    const list = byMessage.get(key) ?? [];
    list.push({ ruleId: row.rule_id, ruleName: row.rule_name, results: row.results });
    byMessage.set(key, list);
  }
  return byMessage;
}
