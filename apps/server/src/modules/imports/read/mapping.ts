import { CONTACT_EXPORT_COLUMNS } from '@sms/contracts/contacts';
import { CUSTOM_FIELD_NAME_MAX, CUSTOM_FIELD_PREFIX, type ImportMapping, type MappingTarget } from '@sms/contracts/imports';
import { stripFormulaGuard } from '../../../platform/csv.ts';

type Known = 'phone' | 'firstName' | 'lastName' | 'email' | 'tag1' | 'tag2' | 'tag3' | 'notes';

/**
 * Header words per target, compared after folding (lower case, accents and punctuation removed).
 * English, French, Arabic and Chinese, the languages of the app, plus common export headers.
 */
const SYNONYMS: Record<Known, string[]> = {
  phone: [
    'phone',
    'phone number',
    'phonenumber',
    'phone no',
    'mobile',
    'mobile number',
    'mobile phone',
    'cell',
    'cell phone',
    'cellphone',
    'msisdn',
    'tel',
    'telephone',
    'telephone number',
    'number',
    'contact number',
    'gsm',
    'whatsapp',
    'sms',
    'numero',
    'numero de telephone',
    'portable',
    'tel portable',
    'telephone portable',
    'mobile no',
    'handy',
    'telefono',
    'celular',
    'هاتف',
    'رقم الهاتف',
    'جوال',
    'رقم الجوال',
    'الهاتف',
    'موبايل',
    '手机',
    '手机号',
    '手机号码',
    '电话',
    '电话号码',
    '联系电话',
    '號碼',
    '电话号',
    '手機',
    '電話',
  ],
  firstName: [
    'first name',
    'firstname',
    'first',
    'given name',
    'givenname',
    'forename',
    'name',
    'prenom',
    'الاسم',
    'الاسم الأول',
    'الاسم الاول',
    '名',
    '名字',
  ],
  lastName: [
    'last name',
    'lastname',
    'last',
    'surname',
    'family name',
    'familyname',
    'nom',
    'nom de famille',
    'اسم العائلة',
    'العائلة',
    'اللقب',
    '姓',
    '姓氏',
  ],
  email: [
    'email',
    'e mail',
    'email address',
    'mail',
    'courriel',
    'adresse email',
    'adresse e mail',
    'البريد الإلكتروني',
    'البريد الالكتروني',
    'البريد',
    '邮箱',
    '电子邮件',
    '電子郵件',
  ],
  tag1: ['tag1', 'tag 1', 'tag', 'group', 'groupe', 'segment', 'list', 'liste', 'category', 'categorie', 'وسم', 'مجموعة', '标签', '分组'],
  tag2: ['tag2', 'tag 2'],
  tag3: ['tag3', 'tag 3'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarques', 'remarque', 'ملاحظات', 'ملاحظة', '备注', '備註'],
};

/** Lower case, accents stripped, punctuation and runs of spaces made single spaces. */
export function foldHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-./:#()*]+/g, ' ')
    .trim();
}

const LOOKUP = new Map<string, Known>();
for (const [target, words] of Object.entries(SYNONYMS) as Array<[Known, string[]]>) {
  for (const word of words) if (!LOOKUP.has(foldHeader(word))) LOOKUP.set(foldHeader(word), target);
}

/** The target a header names on its own, if any. */
export function detectTarget(header: string): Known | undefined {
  const folded = foldHeader(header);
  if (!folded) return undefined;
  const exact = LOOKUP.get(folded);
  if (exact) return exact;
  // "Mobile (UK)", "Phone 1", "Téléphone mobile": a phone word followed by qualifiers.
  const firstWord = folded.split(' ')[0] ?? '';
  const byFirst = LOOKUP.get(firstWord);
  if (byFirst === 'phone' || byFirst === 'email') return byFirst;
  return undefined;
}

/** The custom field a header becomes when it names no known target. */
export function customTarget(header: string): MappingTarget {
  const name = header.trim().replace(/\s+/g, ' ').slice(0, CUSTOM_FIELD_NAME_MAX);
  return `${CUSTOM_FIELD_PREFIX}${name}`;
}

/**
 * Where each column of this app's contacts export goes: the same field, or null for the columns
 * the app keeps itself (they are not imported).
 */
const EXPORT_TARGETS: Record<(typeof CONTACT_EXPORT_COLUMNS)[number], MappingTarget | null> = {
  phone: 'phone',
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  tag1: 'tag1',
  tag2: 'tag2',
  tag3: 'tag3',
  status: 'status',
  opted_out_at: null,
  opt_out_source: null,
  notes: 'notes',
  source: null,
  created_at: null,
  updated_at: null,
};

/**
 * The mapping of a file that is this app's own contacts export (its header row starts with
 * CONTACT_EXPORT_COLUMNS): each column back to its field, the columns the app keeps itself
 * ignored (`ignored`: their headers), and every later column to the custom field of its exact
 * name (the export guards names like '=x' with a quote). Null for any other file.
 */
export function exportFormatMapping(headers: readonly string[]): { mapping: ImportMapping; ignored: string[] } | null {
  if (!CONTACT_EXPORT_COLUMNS.every((column, index) => headers[index]?.trim() === column)) return null;
  const mapping: ImportMapping = {};
  const ignored: string[] = [];
  headers.forEach((header, index) => {
    const fixed = CONTACT_EXPORT_COLUMNS[index];
    if (fixed) {
      const target = EXPORT_TARGETS[fixed];
      mapping[String(index)] = target ?? 'ignore';
      if (!target) ignored.push(fixed);
      return;
    }
    const name = stripFormulaGuard(header.trim());
    mapping[String(index)] = name ? customTarget(name) : 'ignore';
  });
  return { mapping, ignored };
}

/**
 * Suggests a mapping for a header row: each known target goes to the first column naming it; a
 * repeated header ("Phone", "Phone") maps once, later copies become custom fields with a suffix;
 * "name" alone counts as first name unless a first-name column also exists; other named columns
 * become custom fields, unnamed ones are ignored. When no header names a phone column, the first
 * column whose sample values look like phone numbers is taken. This app's own export maps back
 * to its fields (exportFormatMapping).
 */
export function suggestMapping(headers: string[], sampleRows: string[][] = []): ImportMapping {
  const exported = exportFormatMapping(headers);
  if (exported) return exported.mapping;
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  const customNames = new Set<string>();
  const detected = headers.map((header) => detectTarget(header));
  const hasExplicitFirst = headers.some((header, index) => detected[index] === 'firstName' && foldHeader(header) !== 'name');
  headers.forEach((header, index) => {
    let target: MappingTarget | undefined = detected[index];
    if (target === 'firstName' && foldHeader(header) === 'name' && hasExplicitFirst) target = undefined;
    if (target && !taken.has(target)) {
      taken.add(target);
      mapping[String(index)] = target;
      return;
    }
    if (!header.trim()) {
      mapping[String(index)] = 'ignore';
      return;
    }
    let custom = customTarget(header);
    for (let suffix = 2; customNames.has(custom.toLowerCase()); suffix++)
      custom = customTarget(`${header.trim().slice(0, CUSTOM_FIELD_NAME_MAX - 4)} ${suffix}`);
    customNames.add(custom.toLowerCase());
    mapping[String(index)] = custom;
  });
  if (!taken.has('phone')) {
    const looksLikePhone = (value: string) => /^\+?[\d\s().-]{6,20}$/.test(value.trim()) && value.replace(/\D/g, '').length >= 6;
    const column = headers.findIndex((_header, index) => {
      const values = sampleRows.map((row) => row[index] ?? '').filter((value) => value.trim() !== '');
      return values.length > 0 && values.filter(looksLikePhone).length / values.length >= 0.8;
    });
    if (column !== -1) mapping[String(column)] = 'phone';
  }
  return mapping;
}
