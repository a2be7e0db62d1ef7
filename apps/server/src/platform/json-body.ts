import { ValidationError } from './errors.ts';

/**
 * The raw JSON body read into text before `JSON.parse` sees it: decoded strictly as UTF-8 (a
 * byte that is not UTF-8, or the bytes of a lone surrogate, is a 400 naming the field it sits in,
 * never a silent U+FFFD), and nested no deeper than MAX_JSON_DEPTH (a linear count of brackets,
 * so no later step -- the parser, the text rule, zod -- ever walks a pathologically deep body).
 */

/** Objects and arrays inside one another that a body may hold; no route's schema comes near. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text; throws a 400 naming the field (or the body) when it is not UTF-8 or nests too deeply. */
export function readJsonText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw notUtf8(bytes);
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ValidationError('body', `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays`);
  }
  return text;
}

/** Whether objects and arrays nest deeper than `limit` in JSON text: brackets counted outside strings, one pass. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The 400 for a body that is not UTF-8: names the string (value or key) holding the first bad bytes when the text before them says. */
function notUtf8(bytes: Uint8Array): ValidationError {
  const before = strictUtf8.decode(bytes.subarray(0, firstInvalidUtf8(bytes)));
  const place = nestsDeeperThan(before, MAX_JSON_DEPTH) ? null : openStringAt(before);
  if (!place) return new ValidationError('body', 'The request body is not valid UTF-8');
  const name = place.path.length ? place.path.join('.') : 'body';
  return new ValidationError(name, `${name}${place.inKey ? ' field name' : ''} is not valid UTF-8 text`);
}

/**
 * The offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode table
 * 3-7: no overlong forms, no surrogates U+D800-DFFF, nothing past U+10FFFF), or the length.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return at;
    if (at + length > bytes.length) return at;
    const second = bytes[at + 1]!;
    if (second < low || second > high) return at;
    for (let next = 2; next < length; next++) {
      const byte = bytes[at + next]!;
      if (byte < 0x80 || byte > 0xbf) return at;
    }
    at += length;
  }
  return at;
}

/** A container being read: its keys so far (objects) or its index (arrays). */
interface Open {
  array: boolean;
  key: string | number | undefined;
  expectingKey: boolean;
}

/**
 * Where JSON text cut short ends, when it ends inside a string: the path of that value, or of the
 * object whose key it is (`inKey`). Null when it ends outside a string. One pass; only the keys
 * on the way are decoded.
 */
export function openStringAt(text: string): { path: Array<string | number>; inKey: boolean } | null {
  const open: Open[] = [];
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const top = open[open.length - 1];
    if (code === QUOTE) {
      const start = at;
      for (at++; at < text.length; at++) {
        const inner = text.charCodeAt(at);
        if (inner === BACKSLASH) at++;
        else if (inner === QUOTE) break;
      }
      const inKey = top !== undefined && !top.array && top.expectingKey;
      if (at >= text.length) {
        const path = open.map((each) => each.key);
        if (inKey) path.pop();
        // Text that is not JSON (a value before any key) names no field.
        return path.includes(undefined) ? null : { path: path as Array<string | number>, inKey };
      }
      if (inKey) {
        top.key = keyOf(text.slice(start, at + 1));
        top.expectingKey = false;
      }
    } else if (code === OPEN_ARRAY) open.push({ array: true, key: 0, expectingKey: false });
    else if (code === OPEN_OBJECT) open.push({ array: false, key: undefined, expectingKey: true });
    else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) open.pop();
    else if (code === COMMA && top) {
      if (top.array) top.key = (top.key as number) + 1;
      else top.expectingKey = true;
    } else if (code === COLON && top && !top.array) top.expectingKey = false;
  }
  return null;
}

/** A key's text from its JSON string token (as sent when its escapes are broken). */
function keyOf(token: string): string {
  try {
    return JSON.parse(token) as string;
  } catch {
    return token.slice(1, -1);
  }
}
