import type { KeywordRuleAction } from '@sms/contracts/keyword-rules';
import { asc, count, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { keywordRules } from '../../db/schema.ts';

export type KeywordRuleRow = typeof keywordRules.$inferSelect;

/** Every rule, in the order they apply. */
export async function listRules(db: Executor, options: { enabledOnly?: boolean } = {}): Promise<KeywordRuleRow[]> {
  return db
    .select()
    .from(keywordRules)
    .where(options.enabledOnly ? eq(keywordRules.enabled, true) : undefined)
    .orderBy(asc(keywordRules.position), asc(keywordRules.createdAt), asc(keywordRules.id));
}

/** How many rules there are. */
export async function countRules(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(keywordRules);
  return row?.n ?? 0;
}

/** One rule (undefined when there is none). */
export async function findRule(db: Executor, id: string): Promise<KeywordRuleRow | undefined> {
  const [row] = await db.select().from(keywordRules).where(eq(keywordRules.id, id));
  return row;
}

/** Inserts a rule after the last one. */
export async function insertRule(
  db: Executor,
  values: { name: string; words: string[]; actions: KeywordRuleAction[]; enabled: boolean; createdBy: string },
): Promise<KeywordRuleRow> {
  const [row] = await db
    .insert(keywordRules)
    .values({ ...values, position: sql`(select coalesce(max(position), 0) + 1 from keyword_rules)` })
    .returning();
  if (!row) throw new Error('insert into keyword_rules returned no row');
  return row;
}

/** Applies a change and stamps updated_at (undefined when gone). */
export async function updateRuleRow(
  db: Executor,
  id: string,
  patch: Partial<Pick<KeywordRuleRow, 'name' | 'words' | 'actions' | 'enabled'>>,
): Promise<KeywordRuleRow | undefined> {
  const [row] = await db
    .update(keywordRules)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(keywordRules.id, id))
    .returning();
  return row;
}

/** Deletes a rule; answers whether it was there. Its applications stay (with its name) on the replies. */
export async function deleteRuleRow(db: Executor, id: string): Promise<KeywordRuleRow | undefined> {
  const [row] = await db.delete(keywordRules).where(eq(keywordRules.id, id)).returning();
  return row;
}

/** Puts the rules in this order (positions 1..n), in one statement. */
export async function setRuleOrder(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update keyword_rules r set position = o.position, updated_at = now()
    from unnest(${sql.param(ids)}::uuid[]) with ordinality as o(id, position)
    where r.id = o.id and r.position <> o.position`);
}

/** The staff users among `ids` that exist (not deleted): a notify action may name only them. */
export async function existingUsers(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users where id = any(${sql.param(ids)}::uuid[]) and deleted_at is null`,
  );
  return new Set(rows.map((row) => row.id));
}
