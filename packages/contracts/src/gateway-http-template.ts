/**
 * The request template and the answer paths of the generic `http` gateway kind (decision 096),
 * without zod so the server's hot path and the web form share them. A template is text with
 * placeholders `{{name}}`; nothing is evaluated: a placeholder is a name from HTTP_PLACEHOLDERS,
 * and `{{unicode:A:B}}` picks A for a UCS-2 text and B for a GSM-7 one. Values are inserted as
 * they are; the body's format (JSON or form) escapes them when the request is written.
 */

/** The placeholders a template may use, and what each becomes. */
export const HTTP_PLACEHOLDERS = [
  /** The recipient in E.164 with its '+' (+447700900123). */
  'to',
  /** The recipient's digits without '+' (447700900123), as many providers want it. */
  'toDigits',
  /** The sender: the message's sender ID, else the gateway's default sender, else ''. */
  'from',
  /** The message text (UTF-8 on the wire; the body format escapes it). */
  'text',
  /** Our message id: send it where the provider echoes it back (a client reference) to match receipts without its id. */
  'messageId',
  /** The receipt callback URL of this gateway for this message (it names our message id in `ref`). */
  'receiptUrl',
  /** `GSM-7` or `UCS-2`, as the contracts' SMS encoding decides. */
  'encoding',
  /** `true` for a UCS-2 text, else `false`; `{{unicode:A:B}}` gives A or B instead. */
  'unicode',
  /** The auth secret, for providers that want it as a field of the body (Vonage's api_secret). */
  'secret',
] as const;
export type HttpPlaceholder = (typeof HTTP_PLACEHOLDERS)[number];

/** What a message gives the template. */
export type HttpTemplateValues = Record<HttpPlaceholder, string>;

/** A placeholder: a name, and for `unicode` an optional `:A:B` choice (no braces or colons inside A and B). */
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)(?::([^:{}]*):([^:{}]*))?\s*\}\}/g;

/**
 * The first problem of a template, or null when it is fine: an unknown placeholder, a choice on
 * anything but `unicode`, or braces that are not a placeholder (a typo would otherwise be sent as is).
 */
export function templateProblem(template: string): string | null {
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, name, whenUnicode] = match;
    if (!(HTTP_PLACEHOLDERS as readonly string[]).includes(name as string)) {
      return `${whole} is not a placeholder (use ${HTTP_PLACEHOLDERS.map((known) => `{{${known}}}`).join(', ')})`;
    }
    if (whenUnicode !== undefined && name !== 'unicode') return `${whole}: only {{unicode:A:B}} takes a choice`;
  }
  if (/\{\{|\}\}/.test(template.replace(PLACEHOLDER, ''))) return 'has "{{" or "}}" that is not a placeholder such as {{text}}';
  return null;
}

/** Renders one template: each placeholder becomes its value (no escaping: the body format does it). */
export function renderTemplate(template: string, values: HttpTemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string, whenUnicode?: string, otherwise?: string) => {
    if (whenUnicode !== undefined) return values.unicode === 'true' ? whenUnicode : (otherwise ?? '');
    return Object.hasOwn(values, name) ? values[name as HttpPlaceholder] : whole;
  });
}

/** A dotted path into a JSON answer or callback (`messages.0.message-id`): names and array indexes. */
export const HTTP_PATH = /^[A-Za-z0-9_$@-]+(\.[A-Za-z0-9_$@-]+){0,9}$/;

/**
 * The value at a dotted path, as text (numbers and booleans too), or undefined when the path leads
 * nowhere or to an object. A whole segment of digits indexes an array.
 */
export function readPath(value: unknown, path: string): string | undefined {
  let current: unknown = value;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
    else if (current !== null && typeof current === 'object' && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else return undefined;
  }
  if (typeof current === 'string') return current;
  if (typeof current === 'number' || typeof current === 'boolean') return String(current);
  return undefined;
}

/**
 * The JSON body of a request: each parameter name is a dotted path, so `messages.0.to` builds
 * `{"messages":[{"to":...}]}` (a digits segment makes an array). Values stay text; JSON.stringify escapes them.
 */
export function jsonBody(parameters: Array<[name: string, value: string]>): string {
  // No prototype: a parameter named __proto__ is a key like any other.
  const root: Record<string, unknown> = Object.create(null);
  for (const [name, value] of parameters) {
    const segments = name.split('.');
    let node: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const key = Array.isArray(node) ? Number(segment) : segment;
      const holder = node as Record<string | number, unknown>;
      if (last) holder[key] = value;
      else {
        const next = /^\d+$/.test(segments[index + 1] as string) ? [] : Object.create(null);
        if (holder[key] === null || typeof holder[key] !== 'object') holder[key] = next;
        node = holder[key] as Record<string, unknown> | unknown[];
      }
    });
  }
  return JSON.stringify(root);
}

/** A form body (application/x-www-form-urlencoded, UTF-8), or a query string for GET. */
export function formBody(parameters: Array<[name: string, value: string]>): string {
  return new URLSearchParams(parameters).toString();
}
