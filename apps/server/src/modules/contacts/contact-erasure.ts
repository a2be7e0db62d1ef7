import type { EraseContactResponse } from '@sms/contracts/data-lifecycle';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { csvLine } from '../../platform/csv.ts';
import { suppressPhone } from '../../platform/suppression.ts';
import { zipArchive } from '../../platform/zip.ts';
import { anonymiseInbound, anonymiseMessages, personalData, removeTraces } from './contact-erasure.queries.ts';
import type { ContactRow } from './contacts.queries.ts';

/** The national significant number of an E.164 number, how it shows in any spelling once spaces and signs are gone. */
const nationalDigits = (e164: string): string => parsePhoneNumberFromString(e164)?.nationalNumber ?? e164.replace(/\D/g, '').slice(-9);

/**
 * Right to erasure (decision 060): in one transaction the contact's personal data goes (the
 * contact, its consent records, custom fields; the number and texts of its messages and replies;
 * its rejected import rows, webhook event data, stored API answers, and its number, e-mail and
 * full name wherever audit details quote them), the campaigns' figures stay (messages keep status
 * and times), and the number's salted hash goes on the suppression list, so an erased person who
 * had opted out is never imported again. erasure.test.ts searches every table and file after it.
 */
export async function eraseContact(db: Db, input: Command & { target: ContactRow }): Promise<EraseContactResponse> {
  const { target } = input;
  return db.transaction(async (tx) => {
    const optedOut = target.status === 'opted_out';
    await suppressPhone(tx, target.phone, optedOut);
    const messagesAnonymised = await anonymiseMessages(tx, target.id, target.phone);
    const inboundAnonymised = await anonymiseInbound(tx, target.id, target.phone);
    await removeTraces(tx, {
      contactId: target.id,
      phone: target.phone,
      nationalDigits: nationalDigits(target.phone),
      email: target.email,
      firstName: target.firstName,
      lastName: target.lastName,
    });
    // The entry names the contact by id only: its personal data is what is being removed.
    await recordAudit(tx, {
      actor: input.actor,
      action: 'contact.erase',
      subject: 'Contact',
      subjectId: target.id,
      ip: input.ip,
      details: { messagesAnonymised, inboundAnonymised, suppressedAsOptedOut: optedOut },
    });
    return { erased: true as const, messagesAnonymised, inboundAnonymised, suppressed: optedOut };
  });
}

/** Rows as CSV with the given columns (dates in ISO 8601, nothing for null). */
function csvOf(rows: readonly object[], header: readonly string[]): string {
  const text = (value: unknown) =>
    value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  return csvLine([...header]) + rows.map((row) => csvLine(header.map((key) => text((row as Record<string, unknown>)[key])))).join('');
}

const MESSAGE_COLUMNS = ['direction', 'at', 'campaign', 'status', 'body', 'replyText', 'repliedAt'] as const;
const CONSENT_COLUMNS = ['action', 'source', 'at', 'ip', 'userAgent', 'consentText', 'topics'] as const;

/**
 * Access request: everything held about one contact. zip: one bundle of contact.json (the whole
 * record, its notes included), consents.csv and messages.csv; json: the record alone; csv: the messages alone.
 */
export async function exportPersonalData(
  db: Db,
  input: Command & { target: ContactRow; format: 'zip' | 'json' | 'csv' },
): Promise<string | Buffer> {
  const { target } = input;
  const { consents, messages, notes } = await personalData(db, target.id, target.phone);
  await recordAudit(db, {
    actor: input.actor,
    action: 'contact.personal_data_export',
    subject: 'Contact',
    subjectId: target.id,
    ip: input.ip,
    details: { format: input.format, messages: messages.length },
  });
  if (input.format === 'csv') return csvOf(messages, MESSAGE_COLUMNS);
  const json = JSON.stringify({ exportedAt: new Date().toISOString(), contact: target, consents, messages, notes }, null, 2);
  if (input.format === 'json') return json;
  return zipArchive([
    { name: 'contact.json', data: json },
    { name: 'consents.csv', data: csvOf(consents, CONSENT_COLUMNS) },
    { name: 'messages.csv', data: csvOf(messages, MESSAGE_COLUMNS) },
  ]);
}
