import type { Contact } from '@sms/contracts/contacts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { ContactRow } from './contacts.queries.ts';

/** The country of a stored E.164 number (null for non-geographic numbers such as +800). */
export function phoneCountry(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

/** Custom field values as text, whatever a writer (import, future API) stored. */
function presentCustomFields(fields: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value !== null && value !== undefined) out[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** Maps a contacts row to the API's Contact (the import and creator ids stay on the server). */
export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    phone: row.phone,
    phoneCountry: phoneCountry(row.phone),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    tag1: row.tag1,
    tag2: row.tag2,
    tag3: row.tag3,
    customFields: presentCustomFields(row.customFields),
    status: row.status,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    optOutSource: row.optOutSource,
    notes: row.notes,
    optInNote: row.optInNote,
    optedInAt: row.optedInAt?.toISOString() ?? null,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
