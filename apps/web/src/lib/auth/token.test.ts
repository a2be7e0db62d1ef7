import { describe, expect, it } from 'vitest';
import { isTokenValid, parseTokenPayload } from './token';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (payload: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
const NOW = 1_750_000_000;

describe('parseTokenPayload', () => {
  it('decodes the base64url JSON middle part', () => {
    expect(parseTokenPayload(tokenWith({ sub: 'u1', exp: NOW + 60, name: 'Zoë 李' }))).toEqual({
      sub: 'u1',
      exp: NOW + 60,
      name: 'Zoë 李',
    });
  });

  it('returns null for garbage', () => {
    expect(parseTokenPayload('not-a-token')).toBeNull();
    expect(parseTokenPayload('a.b')).toBeNull();
    expect(parseTokenPayload('a.!!!.c')).toBeNull();
    expect(parseTokenPayload(`x.${Buffer.from('not json').toString('base64url')}.y`)).toBeNull();
    expect(parseTokenPayload(`x.${encode([1, 2])}.y`)).toBeNull();
    expect(parseTokenPayload('')).toBeNull();
    expect(parseTokenPayload(null)).toBeNull();
  });
});

describe('isTokenValid (spec section 4, seconds)', () => {
  it('accepts an exp in the future', () => {
    expect(isTokenValid(tokenWith({ exp: NOW + 1 }), NOW)).toBe(true);
  });

  it('rejects an exp in the past or now', () => {
    expect(isTokenValid(tokenWith({ exp: NOW - 1 }), NOW)).toBe(false);
    expect(isTokenValid(tokenWith({ exp: NOW }), NOW)).toBe(false);
  });

  it('compares seconds, not milliseconds', () => {
    // An exp one hour ahead is valid now in seconds but would look expired against Date.now() in ms.
    expect(isTokenValid(tokenWith({ exp: NOW + 3600 }), NOW)).toBe(true);
    expect(isTokenValid(tokenWith({ exp: NOW + 3600 }), NOW * 1000)).toBe(false);
  });

  it('rejects a missing or non-numeric exp', () => {
    expect(isTokenValid(tokenWith({ sub: 'u1' }), NOW)).toBe(false);
    expect(isTokenValid(tokenWith({ exp: String(NOW + 60) }), NOW)).toBe(false);
  });

  it('rejects a token that cannot be parsed', () => {
    expect(isTokenValid('garbage', NOW)).toBe(false);
    expect(isTokenValid(null, NOW)).toBe(false);
  });
});
