import type { Note } from '@sms/contracts/notes';
import type { NoteRow } from './notes.queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A note row as the API shows it (a deleted author by name; mentions by name). */
export function presentNote(row: NoteRow): Note {
  return {
    id: row.id,
    contactId: row.contactId,
    contact: { firstName: row.firstName, lastName: row.lastName, phone: row.phone },
    author: row.authorId ? { id: row.authorId, name: row.authorName ?? 'Deleted user' } : null,
    body: row.body,
    mentions: row.mentions.map((user) => ({ id: user.id, name: user.name })),
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
  };
}
