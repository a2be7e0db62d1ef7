import { TRASH_DAYS, type TrashedContact } from '@sms/contracts/contacts-trash';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { presentContact } from './contacts.presenter.ts';
import type { ContactRow } from './contacts.queries.ts';
import { purgeTrashBatch, restoreRows } from './contacts-trash.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A trashed contact as the trash view shows it: the contact, when it was deleted and when it goes for good. */
export function presentTrashedContact(row: ContactRow): TrashedContact {
  const deletedAt = row.deletedAt ?? new Date();
  return {
    ...presentContact(row),
    deletedAt: deletedAt.toISOString(),
    purgeAfter: new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
  };
}

/**
 * Takes contacts out of the trash, audited in the same transaction: one restored contact by its
 * id, more as one entry with the count (like the other bulk actions). Answers how many came back.
 */
export async function restoreContacts(db: Db, input: Command & { ids: string[]; via?: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const restored = await restoreRows(tx, input.ids);
    if (restored.length === 0) return 0;
    const one = input.ids.length === 1 ? restored[0] : undefined;
    await recordAudit(tx, {
      actor: input.actor,
      action: one ? 'contact.restore' : 'contacts.restore',
      subject: 'Contact',
      subjectId: one ?? null,
      ip: input.ip,
      details: { ...(one ? {} : { ids: input.ids.length, restored: restored.length }), ...(input.via ? { via: input.via } : {}) },
    });
    return restored.length;
  });
}

/** Rows per purge statement, and statements per run: the embedded server keeps answering (decision 060's batches). */
const PURGE_BATCH = 5_000;
const PURGE_BUDGET = 200;

/** Deletes for good the contacts trashed more than TRASH_DAYS ago (the lifecycle job); answers how many went. */
export async function purgeTrash(db: Executor, batch = PURGE_BATCH): Promise<number> {
  let total = 0;
  for (let round = 0; round < PURGE_BUDGET; round++) {
    const count = await purgeTrashBatch(db, batch);
    total += count;
    if (count < batch) break;
  }
  if (total > 0)
    await recordAudit(db, { actor: null, action: 'contacts.purge', subject: 'Contact', details: { purged: total, days: TRASH_DAYS } });
  return total;
}
