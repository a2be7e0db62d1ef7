import type { ListTemplatesQuery } from '@sms/contracts/templates';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { messageTemplates, users } from '../../db/schema.ts';

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type NewTemplateRow = typeof messageTemplates.$inferInsert;
export interface TemplateWithCreator {
  template: TemplateRow;
  creatorName: string | null;
}

const selectWithCreator = (db: Executor) =>
  db
    .select({ template: messageTemplates, creatorName: users.name })
    .from(messageTemplates)
    .leftJoin(users, eq(users.id, messageTemplates.createdBy));

const SORT_COLUMNS = {
  name: sql`lower(${messageTemplates.name})`,
  updatedAt: messageTemplates.updatedAt,
  lastUsedAt: messageTemplates.lastUsedAt,
  useCount: messageTemplates.useCount,
};

/** A page of templates matching the search (name, category or text, anywhere, any case), and how many match. */
export async function listTemplates(db: Executor, query: ListTemplatesQuery): Promise<{ rows: TemplateWithCreator[]; total: number }> {
  const term = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where: SQL | undefined = and(
    term ? or(ilike(messageTemplates.name, term), ilike(messageTemplates.category, term), ilike(messageTemplates.body, term)) : undefined,
    query.category ? sql`lower(${messageTemplates.category}) = ${query.category.toLowerCase()}` : undefined,
  );
  const column = SORT_COLUMNS[query.sort];
  const order = query.order === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const rows = await selectWithCreator(db).where(where).orderBy(order, asc(messageTemplates.id)).limit(query.limit).offset(query.skip);
  const [total] = await db.select({ n: count() }).from(messageTemplates).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One template with its creator's name. */
export async function findTemplate(db: Executor, id: string): Promise<TemplateWithCreator | undefined> {
  const [row] = await selectWithCreator(db).where(eq(messageTemplates.id, id));
  return row;
}

/** Inserts a template. */
export async function insertTemplate(db: Executor, values: NewTemplateRow): Promise<TemplateRow> {
  const [row] = await db.insert(messageTemplates).values(values).returning();
  if (!row) throw new Error('insert into message_templates returned no row');
  return row;
}

/** Applies a change and stamps updated_at (undefined when gone). */
export async function updateTemplateRow(db: Executor, id: string, patch: Partial<NewTemplateRow>): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(messageTemplates.id, id))
    .returning();
  return row;
}

/** Deletes a template; false when it was already gone. */
export async function deleteTemplateRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(messageTemplates).where(eq(messageTemplates.id, id)).returning({ id: messageTemplates.id });
  return rows.length > 0;
}

/** Counts one use of a template (a campaign created from it, an inbox reply sent with it); false when it is gone. */
export async function countTemplateUse(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(messageTemplates)
    .set({ useCount: sql`${messageTemplates.useCount} + 1`, lastUsedAt: sql`now()` })
    .where(eq(messageTemplates.id, id))
    .returning({ id: messageTemplates.id });
  return rows.length > 0;
}
