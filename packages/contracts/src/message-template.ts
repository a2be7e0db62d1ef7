/**
 * Merge fields in message bodies: `{{first_name}}`, `{{ first_name | there }}`, `{{City}}`.
 *
 * Rules:
 * - Standard fields (STANDARD_MERGE_FIELDS) match case-insensitively (`{{First_Name}}`); any other
 *   name is a contact custom field, matched exactly (case-sensitive), as the contact stores it.
 *   A custom field named like a standard one (e.g. an imported "Phone" column) is shadowed by it.
 * - A field name is trimmed, 1-64 characters (the custom field limit), and may hold spaces and
 *   any letters ("Date of birth", "Ville") but no braces, '|' or control characters (line breaks).
 * - Text after the first '|' is the fallback, trimmed; it is used when the value is missing or
 *   blank. Without a fallback a missing value renders as ''.
 * - The tag starts at the last two braces of a run: `{{{x}}}` is '{', the tag, '}'. It ends at
 *   the first '}}'. A `{{` with no '}}' before the next `{{` is unclosed. Single braces are text.
 * - Malformed tags are reported by parseTemplate and sent as written.
 */

export const STANDARD_MERGE_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'tag1', 'tag2', 'tag3'] as const;
export type StandardMergeField = (typeof STANDARD_MERGE_FIELDS)[number];

/** Longest merge field name (same as a contact custom field name). */
export const MERGE_FIELD_NAME_MAX = 64;

/** The contact values a template reads; the API Contact and database rows both fit. */
export interface TemplateContact {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  tag1?: string | null;
  tag2?: string | null;
  tag3?: string | null;
  customFields?: Readonly<Record<string, string>> | null;
}

/** One well-formed merge tag; start/end are UTF-16 offsets of the whole tag (end exclusive). */
export interface MergeToken {
  /** The standard name in lower case, or the custom field name as written (trimmed). */
  field: string;
  fallback: string | null;
  start: number;
  end: number;
  standard: boolean;
}

/** A malformed tag, for the composer to underline; it is sent as literal text. */
export interface TemplateProblem {
  start: number;
  end: number;
  message: string;
}

export interface ParsedTemplate {
  tokens: MergeToken[];
  problems: TemplateProblem[];
}

/** A compiled template: renders one contact's message. */
export type RenderTemplate = (contact: TemplateContact) => string;

const CONTACT_KEYS: Record<StandardMergeField, Exclude<keyof TemplateContact, 'customFields'>> = {
  first_name: 'firstName',
  last_name: 'lastName',
  phone: 'phone',
  email: 'email',
  tag1: 'tag1',
  tag2: 'tag2',
  tag3: 'tag3',
};

/** The standard field a name refers to (any case), or null for a custom field. */
export function standardMergeField(name: string): StandardMergeField | null {
  const lower = name.toLowerCase();
  return (STANDARD_MERGE_FIELDS as readonly string[]).includes(lower) ? (lower as StandardMergeField) : null;
}

// Braces, the fallback bar and control characters (line breaks, tabs) cannot be in a field name.
const NAME_FORBIDDEN = /[{}|\p{Cc}]/u;

/** Why a trimmed field name is refused, or null when it is fine. */
function nameProblem(name: string): string | null {
  if (name === '') return 'Merge field has no name, e.g. {{first_name}}';
  if (name.length > MERGE_FIELD_NAME_MAX) return `Merge field name must be at most ${MERGE_FIELD_NAME_MAX} characters`;
  if (NAME_FORBIDDEN.test(name)) return 'Merge field name must not contain braces, | or line breaks';
  return null;
}

/** Finds the merge tags of a body and the malformed ones. */
export function parseTemplate(body: string): ParsedTemplate {
  const tokens: MergeToken[] = [];
  const problems: TemplateProblem[] = [];
  let from = 0;
  for (;;) {
    let start = body.indexOf('{{', from);
    if (start < 0) break;
    while (body.charCodeAt(start + 2) === 0x7b) start++; // '{{{x}}}': the extra brace is text
    const close = body.indexOf('}}', start + 2);
    const reopen = body.indexOf('{{', start + 2);
    if (close < 0 || (reopen >= 0 && reopen < close)) {
      problems.push({ start, end: start + 2, message: "Merge field is not closed: add '}}'" });
      from = start + 2;
      continue;
    }
    const end = close + 2;
    const inner = body.slice(start + 2, close);
    const bar = inner.indexOf('|');
    const field = (bar < 0 ? inner : inner.slice(0, bar)).trim();
    const problem = nameProblem(field);
    if (problem) problems.push({ start, end, message: problem });
    else {
      const standard = standardMergeField(field);
      tokens.push({
        field: standard ?? field,
        fallback: bar < 0 ? null : inner.slice(bar + 1).trim(),
        start,
        end,
        standard: standard !== null,
      });
    }
    from = end;
  }
  return { tokens, problems };
}

/** The value itself, unless missing or only whitespace. */
function present(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  // Cheap check first: trim() only runs for values not starting with printable ASCII.
  const first = value.charCodeAt(0);
  return (first > 0x20 && first < 0x7f) || value.trim() !== '';
}

/** The function that reads one token's value from a contact (fallback applied). */
function valueReader(token: MergeToken): RenderTemplate {
  const fallback = token.fallback ?? '';
  if (token.standard) {
    const key = CONTACT_KEYS[token.field as StandardMergeField];
    return (contact) => {
      const value = contact[key];
      return present(value) ? value : fallback;
    };
  }
  const name = token.field;
  return (contact) => {
    const fields = contact.customFields;
    // Own properties only: a field named "constructor" must not read Object.prototype.
    const value = fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
    return present(value) ? value : fallback;
  };
}

/**
 * Parses a body once and returns the function that renders it for a contact: no parsing or regex
 * per message, only string concatenation (the sending engine renders millions).
 */
export function compileTemplate(body: string): RenderTemplate {
  const { tokens } = parseTemplate(body);
  if (tokens.length === 0) return () => body;
  const texts: string[] = [];
  const readers: RenderTemplate[] = [];
  let from = 0;
  for (const token of tokens) {
    texts.push(body.slice(from, token.start));
    readers.push(valueReader(token));
    from = token.end;
  }
  const tail = body.slice(from);
  const count = readers.length;
  return (contact) => {
    let out = '';
    for (let index = 0; index < count; index++) out += (texts[index] as string) + (readers[index] as RenderTemplate)(contact);
    return out + tail;
  };
}

/** Renders a body for one contact (compile once with compileTemplate when sending many). */
export function renderTemplate(body: string, contact: TemplateContact): string {
  return compileTemplate(body)(contact);
}

/**
 * Likely-longest value lengths the composer's estimate assumes: a long name, a full E.164 number,
 * a typical work address. `custom` applies to every custom field not named here.
 */
export const DEFAULT_MERGE_FIELD_LENGTHS: Readonly<Record<StandardMergeField | 'custom', number>> = {
  first_name: 12,
  last_name: 15,
  phone: 16,
  email: 30,
  tag1: 15,
  tag2: 15,
  tag3: 15,
  custom: 20,
};

/**
 * The body as the composer counts it before sending: each merge tag becomes a GSM-7 stand-in of
 * the field's likely-longest length (`lengths` by field name, 'custom' for unnamed custom
 * fields, e.g. the longest values of the chosen audience; DEFAULT_MERGE_FIELD_LENGTHS otherwise). A fallback is kept and padded to that
 * length, so a fallback outside GSM-7 still shows UCS-2. Contact values outside GSM-7 (a name
 * with ê) cannot be foreseen: the engine counts each real message exactly.
 */
export function estimateRendered(body: string, lengths: Readonly<Record<string, number>> = {}): string {
  const table: Readonly<Record<string, number>> = { ...DEFAULT_MERGE_FIELD_LENGTHS, ...lengths };
  const lengthOf = (name: string) => (Object.hasOwn(table, name) ? table[name] : undefined);
  let out = '';
  let from = 0;
  for (const token of parseTemplate(body).tokens) {
    const length = lengthOf(token.field) ?? lengthOf('custom') ?? 0;
    const fallback = token.fallback ?? '';
    out += body.slice(from, token.start) + fallback + 'x'.repeat(Math.max(0, length - fallback.length));
    from = token.end;
  }
  return out + body.slice(from);
}
