import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';

export type MessageRow = typeof messages.$inferSelect;

/** One outbound message by id (account notices excepted). */
export async function findOutboundMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  // Account notices carry reset links and sign-in codes: whoever may read messages must not see them.
  const [row] = await db.select().from(messages).where(and(eq(messages.id, Number(id)), ne(messages.kind, 'notice')));
  return row;
}
