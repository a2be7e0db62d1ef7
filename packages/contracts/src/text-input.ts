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

/** Why a text with `found` (the unstorable character it holds) cannot be stored, naming `field`. */
function unstorableMessage(field: string, found: string): string {
  return found === '\u0000'
    ? `${field} must not contain the NUL character (U+0000)`
    : `${field} must not contain a lone surrogate (U+${found.charCodeAt(0).toString(16).toUpperCase()}): send valid UTF-8 text`;
}

/** Why this text cannot be stored (naming `field`), or null when it can. */
export function unstorableTextMessage(field: string, text: string): string | null {
  const found = UNSTORABLE_TEXT.exec(text);
  return found ? unstorableMessage(field, found[0]) : null;
}

/** A problem found in a request part: the path of the field (keys and indexes) and the message. */
export interface InputProblem {
  path: Array<string | number>;
  message: string;
}

const fieldName = (path: ReadonlyArray<string | number>, part: string) => (path.length ? path.join('.') : part);

/** An object or array being walked: its keys (null for an array) and the next one to visit. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
}

/**
 * The first value or key of `input` (a parsed JSON body, query string or form) that breaks the
 * text rule, or null. Walks depth-first in document order (an object's keys before its values);
 * `part` names the whole input when a bare string breaks the rule (e.g. 'body').
 *
 * Linear in the size of the input: the path walked so far is one stack of keys, pushed and
 * popped as the walk goes down and up, and a field's name is joined only for the problem found
 * (copying the path at every level made a deeply nested body cost the square of its depth).
 */
export function findInputProblem(input: unknown, part = 'input'): InputProblem | null {
  const path: Array<string | number> = [];
  const frames: Frame[] = [];
  // Checks one value: a string against the rule, an object's keys; containers are entered.
  const visit = (value: unknown): InputProblem | null => {
    if (typeof value === 'string') {
      const found = UNSTORABLE_TEXT.exec(value);
      return found ? { path: [...path], message: unstorableMessage(fieldName(path, part), found[0]) } : null;
    }
    if (Array.isArray(value)) {
      frames.push({ container: value, keys: null, next: 0 });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) {
        if (FORBIDDEN_KEYS.has(key)) {
          const keyPath = [...path, key];
          return { path: keyPath, message: `${fieldName(keyPath, part)} is not an allowed field name` };
        }
        const found = UNSTORABLE_TEXT.exec(key);
        if (found) return { path: [...path, key], message: unstorableMessage(`${fieldName(path, part)} field name`, found[0]) };
      }
      frames.push({ container: value as Record<string, unknown>, keys, next: 0 });
    }
    return null;
  };
  const first = visit(input);
  if (first) return first;
  // Invariant: path holds one key per frame below the top-level one.
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const size = frame.keys ? frame.keys.length : (frame.container as unknown[]).length;
    if (frame.next >= size) {
      frames.pop();
      if (frames.length > 0) path.pop();
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next]! : frame.next;
    frame.next++;
    path.push(key);
    const depth = frames.length;
    const problem = visit((frame.container as Record<string | number, unknown>)[key]);
    if (problem) return problem;
    // A container entered keeps its key on the path until its frame is done; anything else gives it back.
    if (frames.length === depth) path.pop();
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
