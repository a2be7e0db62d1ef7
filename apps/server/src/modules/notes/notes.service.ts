import { mentionsInBody, type CreateNoteBody, type UpdateNoteBody } from '@sms/contracts/notes';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Forbidden, NotFound, ValidationError } from '../../platform/errors.ts';
import { notifyMentions } from '../notifications/index.ts';
import {
  contactExists,
  contactLabel,
  deleteNoteRow,
  findNote,
  insertNote,
  mentionableAmong,
  updateNoteRow,
  type NoteRow,
} from './notes.queries.ts';

/** The author changes their note; nobody else does (an administrator may only delete it). */
export const NOT_AUTHOR = 'Only the author may edit a note.';

/**
 * The mentions a note keeps: the picked users must be staff who may read notes (400 on
 * `mentions` otherwise), and only those the body names as `@Name` count.
 */
async function resolveMentions(db: Executor, body: string, picked: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  const wanted = [...new Set(picked)];
  const users = await mentionableAmong(db, wanted);
  if (users.length < wanted.length) throw new ValidationError('mentions', 'mentions must name active staff who may read notes');
  return mentionsInBody(body, users);
}

interface NoteCommand extends Command {
  /** Whether the server can send e-mail (mentions by e-mail for those who want them). */
  emailAvailable: boolean;
}

/** Tells the users a note names (those told before about this note are not told again). */
async function notify(tx: Executor, input: NoteCommand, noteId: string, contactId: string, mentions: Array<{ id: string }>) {
  if (mentions.length === 0) return;
  await notifyMentions(tx, {
    noteId,
    contactId,
    userIds: mentions.map((user) => user.id),
    authorId: input.actor.id,
    params: { author: input.actor.name, name: await contactLabel(tx, contactId) },
    emailAvailable: input.emailAvailable,
  });
}

/** Writes a note on a contact, notifies the users it mentions, and audits it; answers the note's id. */
export async function createNote(db: Db, input: NoteCommand & { body: CreateNoteBody }): Promise<string> {
  return db.transaction(async (tx) => {
    if (!(await contactExists(tx, input.body.contactId))) throw new NotFound('Contact not found');
    const mentions = await resolveMentions(tx, input.body.body, input.body.mentions);
    const id = await insertNote(tx, {
      contactId: input.body.contactId,
      authorId: input.actor.id,
      body: input.body.body,
      mentions: mentions.map((user) => user.id),
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'note.create',
      subject: 'Note',
      subjectId: id,
      ip: input.ip,
      details: { contactId: input.body.contactId, mentions: mentions.map((user) => user.id) },
    });
    await notify(tx, input, id, input.body.contactId, mentions);
    return id;
  });
}

/** The author changes their note's text; users it newly mentions are notified. */
export async function updateNote(db: Db, input: NoteCommand & { note: NoteRow; body: UpdateNoteBody }): Promise<void> {
  if (input.note.authorId !== input.actor.id) throw new Forbidden(NOT_AUTHOR);
  await db.transaction(async (tx) => {
    const mentions = await resolveMentions(tx, input.body.body, input.body.mentions);
    if (
      !(await updateNoteRow(
        tx,
        input.note.id,
        input.body.body,
        mentions.map((user) => user.id),
      ))
    )
      throw new NotFound('Note not found');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'note.update',
      subject: 'Note',
      subjectId: input.note.id,
      ip: input.ip,
      details: { contactId: input.note.contactId, mentions: mentions.map((user) => user.id) },
    });
    await notify(tx, input, input.note.id, input.note.contactId, mentions);
  });
}

/** Deletes a note (its author, or whoever may delete anyone's: the route decides), audited with the text it had. */
export async function deleteNote(db: Db, input: Command & { note: NoteRow }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteNoteRow(tx, input.note.id))) throw new NotFound('Note not found');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'note.delete',
      subject: 'Note',
      subjectId: input.note.id,
      ip: input.ip,
      details: { contactId: input.note.contactId, authorId: input.note.authorId },
    });
  });
}

/** One note, or 404. */
export async function noteOr404(db: Executor, id: string): Promise<NoteRow> {
  const row = await findNote(db, id);
  if (!row) throw new NotFound('Note not found');
  return row;
}
