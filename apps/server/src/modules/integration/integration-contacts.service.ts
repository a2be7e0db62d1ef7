import { CONTACT_ERROR_CODES, type IntegrationContactBody } from '@sms/contracts/contacts';
import { INTEGRATION_ERROR_CODES } from '@sms/contracts/integration';
import { normalisePhone } from '@sms/contracts/phone';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ApiKeyPrincipal } from '../../platform/auth.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { refuseErasedNumber } from '../../platform/suppression.ts';
import {
  findContactByPhone,
  insertContact,
  restoreContacts,
  updateContactRow,
  type ContactRow,
  type NewContactRow,
} from '../contacts/index.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { keyActor } from './integration.service.ts';

/** E.164 of a number, or 400 INVALID_PHONE on `phone` with the reason (the app's rules, the organisation's country). */
async function e164Of(db: Db, phone: string, defaultCountry: string | undefined): Promise<string> {
  const parsed = normalisePhone(phone, defaultCountry ?? (await getMessagingSettings(db)).defaultCountry);
  if (!parsed.ok) throw new ValidationError('phone', parsed.message, INTEGRATION_ERROR_CODES.invalidPhone);
  return parsed.e164;
}

/** The fields of a body that change a contact, with the consent rule: software may opt out, never back in. */
function patchOf(body: IntegrationContactBody, current: ContactRow | null): Partial<NewContactRow> {
  const patch: Partial<NewContactRow> = {};
  for (const field of ['firstName', 'lastName', 'email', 'tag1', 'tag2', 'tag3', 'notes'] as const) {
    const value = body[field];
    if (value !== undefined) patch[field] = value;
  }
  if (body.customFields !== undefined) patch.customFields = body.customFields;
  if (body.status === 'active' && current?.status === 'opted_out')
    throw new Conflict('This contact opted out: opting back in is recorded by staff with a consent note, not through the API', {
      code: INTEGRATION_ERROR_CODES.optInRefused,
      field: 'status',
    });
  if (body.status === 'opted_out' && current?.status !== 'opted_out')
    Object.assign(patch, { status: 'opted_out', optedOutAt: new Date(), optOutSource: 'admin' });
  return patch;
}

const audit = (db: Db, key: ApiKeyPrincipal, ip: string, row: ContactRow, created: boolean, fields: string[]) =>
  recordAudit(db, {
    actor: keyActor(key),
    action: 'contact.api_upsert',
    subject: 'Contact',
    subjectId: row.id,
    ip,
    details: { apiKeyId: key.id, created, fields },
  });

/** Creates a contact (source 'api') or, when the number exists, updates it; answers whether it was created. */
export async function upsertApiContact(
  db: Db,
  input: { key: ApiKeyPrincipal; ip: string; body: IntegrationContactBody & { phone: string } },
): Promise<{ row: ContactRow; created: boolean }> {
  const phone = await e164Of(db, input.body.phone, input.body.defaultCountry);
  const existing = await findContactByPhone(db, phone);
  // A contact in the trash with the number comes back, then is updated (decision 087).
  if (existing?.deletedAt) await restoreContacts(db, { actor: keyActor(input.key), ip: input.ip, ids: [existing.id], via: 'api' });
  if (existing) return { row: await updateApiContact(db, { ...input, target: existing }), created: false };
  await refuseErasedNumber(db, phone);
  const patch = patchOf(input.body, null);
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertContact(tx, { ...patch, phone, source: 'api' });
      await audit(tx, input.key, input.ip, inserted, true, Object.keys(patch));
      return inserted;
    });
    return { row, created: true };
  } catch (error) {
    // Created meanwhile by another request: update that one instead.
    const raced = isUniqueViolation(error) ? await findContactByPhone(db, phone) : undefined;
    if (!raced) throw error;
    return { row: await updateApiContact(db, { ...input, target: raced }), created: false };
  }
}

/** Updates a contact by the same rules; a new number must be free (409 CONTACT_EXISTS). */
export async function updateApiContact(
  db: Db,
  input: { key: ApiKeyPrincipal; ip: string; target: ContactRow; body: IntegrationContactBody },
): Promise<ContactRow> {
  const patch = patchOf(input.body, input.target);
  if (input.body.phone !== undefined) {
    const phone = await e164Of(db, input.body.phone, input.body.defaultCountry);
    if (phone !== input.target.phone) {
      const other = await findContactByPhone(db, phone);
      if (other)
        throw new Conflict('A contact with this phone number already exists', {
          code: CONTACT_ERROR_CODES.exists,
          field: 'phone',
          existingId: other.id,
        });
      patch.phone = phone;
    }
  }
  if (Object.keys(patch).length === 0) return input.target;
  try {
    return await db.transaction(async (tx) => {
      const row = await updateContactRow(tx, input.target.id, patch);
      if (!row) throw new NotFound('Contact not found');
      await audit(tx, input.key, input.ip, row, false, Object.keys(patch));
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('A contact with this phone number already exists', { code: CONTACT_ERROR_CODES.exists, field: 'phone' });
    throw error;
  }
}
