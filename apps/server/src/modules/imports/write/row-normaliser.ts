import { CONTACT_LIMITS } from '@sms/contracts/contacts';
import { CUSTOM_FIELD_PREFIX, IMPORT_MESSAGES, type ImportMapping, type TagField } from '@sms/contracts/imports';
import { ERASED_NUMBER_REASON } from '@sms/contracts/data-lifecycle';
import { phoneHash } from '../../../platform/phone-hash.ts';
import { stripFormulaGuard } from '../../../platform/csv.ts';

/** The phone rule the import shares with the contacts API (packages/contracts/src/phone.ts). */
export type PhoneNormaliser = (
  input: string,
  defaultCountry?: string,
) => { ok: true; e164: string; country: string | null; readAsInternational?: true } | { ok: false; message: string };

/**
 * A contact ready for staging: [phone, firstName, lastName, email, tag1, tag2, tag3,
 * customFieldsJson, notes, optedOut] (the last two are written only by imports that map them,
 * see hasStatusOrNotes).
 */
export type StagedContact = [
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  boolean,
];

/** Whether an import maps notes or status: its contacts then carry those columns too. */
export const hasStatusOrNotes = (mapping: ImportMapping): boolean =>
  Object.values(mapping).some((target) => target === 'notes' || target === 'status');

export interface NormaliserOptions {
  mapping: ImportMapping;
  defaultCountry?: string | undefined;
  tag?: { field: TagField; value: string } | undefined;
  maxColumns: number;
  maxCellLength: number;
  normalisePhone: PhoneNormaliser;
  /** Erased, opted-out numbers (salted hashes; platform/suppression.ts): their rows are refused. */
  suppressed?: { salt: string; hashes: string[] } | undefined;
  /** Told of each accepted row whose number was read as international although a default country was set. */
  onReadAsInternational?: (input: string, e164: string, country: string | null) => void;
}

/** Field length limits, as the contacts API applies them. */
export const FIELD_LIMITS = { name: 100, email: 254, tag: 100, custom: 1000, notes: CONTACT_LIMITS.notesMax } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A cell's value: trimmed, null when empty, without the formula guard an export added. */
const clean = (value: string | undefined) => {
  if (value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : stripFormulaGuard(trimmed);
};

/** A status cell: true for opted out, false for active (or empty), or the reason it is refused. */
function optedOutOf(value: string | null): boolean | string {
  if (value === null) return false;
  const folded = value.toLowerCase().replace(/[\s-]+/g, '_');
  if (folded === 'opted_out') return true;
  if (folded === 'active') return false;
  return `Invalid status "${value.slice(0, 50)}": use active or opted_out`;
}

/**
 * Builds the function that turns one row's cells into a staged contact, or into the reason the
 * row is rejected. Column positions are resolved once; the per-row work is plain loops.
 */
export function createRowNormaliser(options: NormaliserOptions): (cells: string[]) => StagedContact | string {
  const column = (target: string) => {
    const entry = Object.entries(options.mapping).find(([, value]) => value === target);
    return entry ? Number(entry[0]) : -1;
  };
  const phoneColumn = column('phone');
  const firstColumn = column('firstName');
  const lastColumn = column('lastName');
  const emailColumn = column('email');
  const tagColumns = [column('tag1'), column('tag2'), column('tag3')];
  const notesColumn = column('notes');
  const statusColumn = column('status');
  const extraColumns = notesColumn !== -1 || statusColumn !== -1;
  const customColumns = Object.entries(options.mapping)
    .filter(([, target]) => target.startsWith(CUSTOM_FIELD_PREFIX))
    .map(([index, target]) => [Number(index), target.slice(CUSTOM_FIELD_PREFIX.length).trim()] as const);
  // ('__proto__' keeps the object route: assigning it there sets no field, and the result is '{}'.)
  const onlyCustom =
    customColumns.length === 1 && customColumns[0]![1] !== '__proto__'
      ? { index: customColumns[0]![0], name: customColumns[0]![1], prefix: `{${JSON.stringify(customColumns[0]![1])}:` }
      : undefined;
  const tagIndex = options.tag ? Number(options.tag.field.slice(3)) - 1 : -1;
  const { maxColumns, maxCellLength, normalisePhone, defaultCountry } = options;
  const suppressedSalt = options.suppressed?.salt ?? '';
  const suppressed = options.suppressed?.hashes.length ? new Set(options.suppressed.hashes) : undefined;

  return (cells) => {
    if (cells.length > maxColumns) return `The row has ${cells.length} columns; at most ${maxColumns} are allowed`;
    for (let at = 0; at < cells.length; at++) {
      const cell = cells[at]!;
      if (cell.length > maxCellLength) return IMPORT_MESSAGES.cellTooLong;
      if (cell.includes('\uFFFD'))
        return 'Bad encoding: the row holds characters that could not be read; save the file as UTF-8 and import it again';
    }
    const phoneText = clean(cells[phoneColumn]);
    if (phoneText === null) return 'Missing phone number';
    // Scientific notation, separators, '00' and spreadsheet apostrophes are the shared rule's job.
    const phone = normalisePhone(phoneText, defaultCountry);
    if (!phone.ok) return phone.message;
    if (suppressed?.has(phoneHash(suppressedSalt, phone.e164))) return ERASED_NUMBER_REASON;
    const readAsInternational = phone.readAsInternational === true;

    const firstName = clean(cells[firstColumn]);
    const lastName = clean(cells[lastColumn]);
    if ((firstName?.length ?? 0) > FIELD_LIMITS.name || (lastName?.length ?? 0) > FIELD_LIMITS.name)
      return `A name is longer than ${FIELD_LIMITS.name} characters`;
    let email = clean(cells[emailColumn]);
    if (email !== null) {
      email = email.toLowerCase();
      if (email.length > FIELD_LIMITS.email || !EMAIL.test(email)) return `Invalid email address: ${email.slice(0, 100)}`;
    }
    const tags: Array<string | null> = [clean(cells[tagColumns[0]!]), clean(cells[tagColumns[1]!]), clean(cells[tagColumns[2]!])];
    if (tagIndex !== -1) tags[tagIndex] = options.tag!.value;
    for (const tag of tags) if (tag !== null && tag.length > FIELD_LIMITS.tag) return `A tag is longer than ${FIELD_LIMITS.tag} characters`;
    let customJson: string | null = null;
    if (onlyCustom) {
      // One custom column (the common case): its JSON is the name's, made once, and the value's.
      const value = clean(cells[onlyCustom.index]);
      if (value !== null) {
        if (value.length > FIELD_LIMITS.custom) return `The value of ${onlyCustom.name} is longer than ${FIELD_LIMITS.custom} characters`;
        customJson = `${onlyCustom.prefix}${JSON.stringify(value)}}`;
      }
    } else {
      let custom: Record<string, string> | undefined;
      for (const [index, name] of customColumns) {
        const value = clean(cells[index]);
        if (value === null) continue;
        if (value.length > FIELD_LIMITS.custom) return `The value of ${name} is longer than ${FIELD_LIMITS.custom} characters`;
        (custom ??= {})[name] = value;
      }
      if (custom) customJson = JSON.stringify(custom);
    }
    let notes: string | null = null;
    let optedOut: boolean | string = false;
    if (extraColumns) {
      notes = clean(cells[notesColumn]);
      if ((notes?.length ?? 0) > FIELD_LIMITS.notes) return `The notes are longer than ${FIELD_LIMITS.notes} characters`;
      optedOut = statusColumn === -1 ? false : optedOutOf(clean(cells[statusColumn]));
      if (typeof optedOut === 'string') return optedOut;
    }
    if (readAsInternational) options.onReadAsInternational?.(phoneText, phone.e164, phone.country);
    return [phone.e164, firstName, lastName, email, tags[0]!, tags[1]!, tags[2]!, customJson, notes, optedOut];
  };
}
