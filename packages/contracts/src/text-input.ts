import { z } from 'zod';

/**
 * The one rule for text the API accepts, whatever the field: PostgreSQL cannot store U+0000
 * (`invalid byte sequence for encoding "UTF8": 0x00`), and a lone UTF-16 surrogate is not a
 * character at all (it would be stored as U+FFFD, silently changed). Keys that name JavaScript's
 * object machinery are refused too, so free-form maps (custom fields, forms) cannot reach an
 * object's prototype. The API applies it to every request part of every route (body, query,
 * path) before the route's own schema; web forms may use `storableText` for the same answer early.
 */

/** Object keys refused anywhere in a request. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor']);

// With the `u` flag a valid surrogate pair is one code point, so only NUL and lone surrogates match.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for
const UNSTORABLE_TEXT = /[\u0000\uD800-\uDFFF]/u;

/** Why this text cannot be stored (naming `field`), or null when it can. */
export function unstorableTextMessage(field: string, text: string): string | null {
  const found = UNSTORABLE_TEXT.exec(text);
  if (!found) return null;
  return found[0] === '\u0000'
    ? `${field} must not contain the NUL character (U+0000)`
    : `${field} must not contain a lone surrogate (U+${found[0].charCodeAt(0).toString(16).toUpperCase()}): send valid UTF-8 text`;
}

/** A problem found in a request part: the path of the field (keys and indexes) and the message. */
export interface InputProblem {
  path: Array<string | number>;
  message: string;
}

const fieldName = (path: Array<string | number>, part: string) => (path.length ? path.join('.') : part);

/**
 * The first value or key of `input` (a parsed JSON body, query string or form) that breaks the
 * text rule, or null. Walks depth-first in key order; `part` names the whole input when a bare
 * string breaks the rule (e.g. 'body').
 */
export function findInputProblem(input: unknown, part = 'input'): InputProblem | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const message = unstorableTextMessage(fieldName(path, part), value);
      if (message) return { path, message };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], path: [...path, index] });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) {
        const keyPath = [...path, key];
        if (FORBIDDEN_KEYS.has(key)) return { path: keyPath, message: `${fieldName(keyPath, part)} is not an allowed field name` };
        const message = unstorableTextMessage(`${fieldName(path, part)} field name`, key);
        if (message) return { path: keyPath, message };
      }
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

/** Removes U+0000 from text read from files (imports): a NUL there is noise, not content. */
export const withoutNul = (text: string): string => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/** A zod string refined with the text rule (for forms that want the server's answer early). */
export const storableText = (field: string) =>
  z.string().superRefine((value, context) => {
    const message = unstorableTextMessage(field, value);
    if (message) context.addIssue({ code: 'custom', message });
  });
