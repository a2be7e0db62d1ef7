// Rows point at users.id without a foreign key (users are soft-deleted), like schema-templates-segments.ts.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Internal notes on contacts (migration 0039, modules/notes): never sent as SMS; `mentions` are the users named with @. */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // References contacts (on delete cascade) in the migration; not repeated here, which would import schema.ts back.
    contactId: uuid('contact_id').notNull(),
    authorId: uuid('author_id'),
    body: text('body').notNull(),
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_notes_contact_idx').on(table.contactId, table.createdAt.desc(), table.id.desc()),
    index('contact_notes_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('contact_notes_author_idx').on(table.authorId, table.createdAt.desc()),
    index('contact_notes_mentions_idx').using('gin', table.mentions),
  ],
);
