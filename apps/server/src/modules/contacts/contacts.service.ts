import {
  CONSENT_NOTE_REQUIRED,
  CONTACT_ERROR_CODES,
  type BulkActionBody,
  type CreateContactBody,
  type UpdateContactBody,
} from '@sms/contracts/contacts';
import { normalisePhone } from '@sms/contracts/phone';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { refuseErasedNumber } from '../../platform/suppression.ts';
import {
  bulkOptIn,
  bulkOptOut,
  bulkSetTag,
  bulkTrash,
  findContactByPhone,
  trashContactRow,
  insertContact,
  updateContactRow,
  type BulkTarget,
  type ContactRow,
  type NewContactRow,
} from './contacts.queries.ts';

/** The 409 for a number another contact already holds, naming that contact. */
function contactExists(existing: ContactRow): Conflict {
  const name = [existing.firstName, existing.lastName].filter(Boolean).join(' ') || existing.phone;
  return new Conflict(`A contact with this phone number already exists: ${name}`, {
    code: CONTACT_ERROR_CODES.exists,
    field: 'phone',
    existingId: existing.id,
  });
}

/** The 409 for a number a contact in the trash holds: restore it (or erase it) rather than hold the number twice. */
function contactInTrash(existing: ContactRow): Conflict {
  const name = [existing.firstName, existing.lastName].filter(Boolean).join(' ') || existing.phone;
  return new Conflict(`A contact in the trash has this phone number: ${name}. Restore it from the trash first.`, {
    code: CONTACT_ERROR_CODES.inTrash,
    field: 'phone',
    existingId: existing.id,
  });
}

/** E.164 of what was typed, or a 400 on `phone` saying why it cannot be read. */
function e164Or400(phone: string, defaultCountry: string | undefined): string {
  const result = normalisePhone(phone, defaultCountry);
  if (!result.ok) throw new ValidationError('phone', result.message);
  return result.e164;
}

/** Inserts, turning a lost race on the unique phone index into the same 409 as the early check. */
async function writeOr409<T>(db: Db, phone: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await findContactByPhone(db, phone);
    if (existing) throw existing.deletedAt ? contactInTrash(existing) : contactExists(existing);
    throw error;
  }
}

/** Status changes made by staff: opting out stamps now and source 'admin'; opting in clears both. */
function statusPatch(status: 'active' | 'opted_out' | undefined, current: ContactRow | null): Partial<NewContactRow> {
  if (status === undefined || status === current?.status) return {};
  return status === 'opted_out'
    ? { status, optedOutAt: new Date(), optOutSource: 'admin' }
    : { status, optedOutAt: null, optOutSource: null };
}

/**
 * Creates a contact from the form (source 'manual'); 400 on an unreadable phone, 409 on a
 * duplicate. A number held by a contact in the trash brings that contact back with the form's
 * values (decision 087): its history and consent stay, and an opted-out one stays opted out.
 */
export async function createContact(db: Db, input: Command & { body: CreateContactBody }): Promise<ContactRow> {
  const { body } = input;
  const phone = e164Or400(body.phone, body.defaultCountry);
  const existing = await findContactByPhone(db, phone);
  if (existing?.deletedAt) return restoreWithValues(db, input, existing);
  if (existing) throw contactExists(existing);
  await refuseErasedNumber(db, phone);
  const values: NewContactRow = {
    phone,
    firstName: body.firstName ?? null,
    lastName: body.lastName ?? null,
    email: body.email ?? null,
    tag1: body.tag1 ?? null,
    tag2: body.tag2 ?? null,
    tag3: body.tag3 ?? null,
    customFields: body.customFields ?? {},
    notes: body.notes ?? null,
    source: 'manual',
    createdBy: input.actor.id,
    ...statusPatch(body.status, null),
  };
  return writeOr409(db, phone, () =>
    db.transaction(async (tx) => {
      const row = await insertContact(tx, values);
      await recordAudit(tx, { actor: input.actor, action: 'contact.create', subject: 'Contact', subjectId: row.id, ip: input.ip });
      return row;
    }),
  );
}

/** A trashed contact brought back by a new one with its number: the given values replace the stored ones; opting out applies, opting in does not. */
async function restoreWithValues(db: Db, input: Command & { body: CreateContactBody }, trashed: ContactRow): Promise<ContactRow> {
  const { body } = input;
  const patch: Partial<NewContactRow> = { deletedAt: null, deletedBy: null };
  for (const field of ['firstName', 'lastName', 'email', 'tag1', 'tag2', 'tag3', 'notes', 'customFields'] as const) {
    if (body[field] !== undefined) Object.assign(patch, { [field]: body[field] });
  }
  if (body.status === 'opted_out') Object.assign(patch, statusPatch('opted_out', trashed));
  return db.transaction(async (tx) => {
    const row = await updateContactRow(tx, trashed.id, patch);
    if (!row) throw new NotFound('Contact not found');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'contact.restore',
      subject: 'Contact',
      subjectId: row.id,
      ip: input.ip,
      details: { via: 'create', fields: Object.keys(patch).filter((key) => key !== 'deletedAt' && key !== 'deletedBy') },
    });
    return row;
  });
}

/** What an update would really change among the parts the policy guards: the number, opting out, opting in. */
export interface GuardedChange {
  phone: boolean;
  optOut: boolean;
  optIn: boolean;
}

/** The guarded parts an update body changes on `target` (a phone written differently but equal in E.164 is no change). */
export function guardedChange(target: ContactRow, body: UpdateContactBody): GuardedChange {
  const status = body.status === undefined || body.status === target.status ? undefined : body.status;
  return {
    phone: body.phone !== undefined && e164Or400(body.phone, body.defaultCountry) !== target.phone,
    optOut: status === 'opted_out',
    optIn: status === 'active',
  };
}

/**
 * Partial update; a new phone is normalised and checked for duplicates like on create. Opting an
 * opted-out contact back in needs a consent note (400 on consentNote), kept with the contact.
 */
export async function updateContact(db: Db, input: Command & { target: ContactRow; body: UpdateContactBody }): Promise<ContactRow> {
  const { body, target } = input;
  const patch: Partial<NewContactRow> = {};
  const optIn = body.status === 'active' && target.status === 'opted_out';
  if (optIn) {
    if (!body.consentNote) throw new ValidationError('consentNote', CONSENT_NOTE_REQUIRED);
    Object.assign(patch, { optInNote: body.consentNote, optedInAt: new Date(), optedInBy: input.actor.id, optInSource: 'staff' });
  }
  if (body.phone !== undefined) {
    const phone = e164Or400(body.phone, body.defaultCountry);
    if (phone !== target.phone) {
      const existing = await findContactByPhone(db, phone);
      if (existing && existing.id !== target.id) throw existing.deletedAt ? contactInTrash(existing) : contactExists(existing);
      patch.phone = phone;
    }
  }
  for (const field of ['firstName', 'lastName', 'email', 'tag1', 'tag2', 'tag3', 'notes'] as const) {
    const value = body[field];
    if (value !== undefined) patch[field] = value;
  }
  if (body.customFields !== undefined) patch.customFields = body.customFields;
  Object.assign(patch, statusPatch(body.status, target));
  const changed = Object.keys(patch).filter(
    (key) => !['optedOutAt', 'optOutSource', 'optInNote', 'optedInAt', 'optedInBy', 'optInSource'].includes(key),
  );
  return writeOr409(db, patch.phone ?? target.phone, () =>
    db.transaction(async (tx) => {
      const row = await updateContactRow(tx, target.id, patch);
      if (!row) throw new NotFound('Contact not found');
      await recordAudit(tx, {
        actor: input.actor,
        action: 'contact.update',
        subject: 'Contact',
        subjectId: row.id,
        ip: input.ip,
        details: { fields: changed, ...(optIn ? { optIn: true, consentNote: body.consentNote } : {}) },
      });
      return row;
    }),
  );
}

/** Moves one contact to the trash (restorable for TRASH_DAYS, decision 087). */
export async function deleteContact(db: Db, input: Command & { target: ContactRow }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await trashContactRow(tx, input.target.id, input.actor.id))) throw new NotFound('Contact not found');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'contact.delete',
      subject: 'Contact',
      subjectId: input.target.id,
      ip: input.ip,
      details: { phone: input.target.phone },
    });
  });
}

/**
 * One bulk action as one set-based statement over the selected ids or a filter (the list's WHERE
 * builder), audited with the count in the same transaction. Answers how many contacts changed.
 */
export async function runBulkAction(db: Db, input: Command & { body: BulkActionBody }): Promise<number> {
  const { body } = input;
  const target: BulkTarget = body.target;
  return db.transaction(async (tx) => {
    let affected: number;
    switch (body.action) {
      case 'delete':
        affected = await bulkTrash(tx, target, input.actor.id);
        break;
      case 'optOut':
        affected = await bulkOptOut(tx, target);
        break;
      case 'optIn':
        if (!body.consentNote) throw new ValidationError('consentNote', CONSENT_NOTE_REQUIRED);
        affected = await bulkOptIn(tx, target, { note: body.consentNote, by: input.actor.id });
        break;
      case 'setTag': {
        if (!body.tag) throw new ValidationError('tag', 'tag is required for setTag');
        affected = await bulkSetTag(tx, target, body.tag.field, body.tag.value ?? null);
        break;
      }
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'contacts.bulk',
      subject: 'Contact',
      ip: input.ip,
      details: {
        action: body.action,
        ...('ids' in target ? { ids: target.ids.length } : { filter: target.filter }),
        ...(body.tag ? { tag: body.tag } : {}),
        ...(body.action === 'optIn' ? { consentNote: body.consentNote } : {}),
        affected,
      },
    });
    return affected;
  });
}
