import { describe, expect, it } from 'vitest';
import { findInputProblem, storableText, unstorableTextMessage, withoutNul } from './text-input.ts';

describe('the text rule', () => {
  it('refuses NUL and lone surrogates, naming the field', () => {
    expect(unstorableTextMessage('name', 'a\u0000b')).toBe('name must not contain the NUL character (U+0000)');
    expect(unstorableTextMessage('name', 'a\uD800')).toBe('name must not contain a lone surrogate (U+D800): send valid UTF-8 text');
    expect(unstorableTextMessage('name', '\uDE00b')).toBe('name must not contain a lone surrogate (U+DE00): send valid UTF-8 text');
  });

  it('accepts everything PostgreSQL stores: pairs (emoji), RTL overrides, other controls', () => {
    for (const text of ['😀 ok', '\u202Eevil\u202C', 'tab\there', '__proto__', '', 'x'.repeat(100_000)])
      expect(unstorableTextMessage('f', text)).toBeNull();
  });

  it('finds the first bad value or key in nested input, with its path', () => {
    expect(findInputProblem({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toEqual({
      path: ['b', 1, 'd'],
      message: 'b.1.d must not contain the NUL character (U+0000)',
    });
    expect(findInputProblem({ customFields: JSON.parse('{"__proto__": "x"}') })).toEqual({
      path: ['customFields', '__proto__'],
      message: 'customFields.__proto__ is not an allowed field name',
    });
    expect(findInputProblem({ constructor: { prototype: {} } })?.path).toEqual(['constructor']);
    expect(findInputProblem({ fields: { ['bad\u0000']: 'x' } })?.message).toBe(
      'fields field name must not contain the NUL character (U+0000)',
    );
    expect(findInputProblem('\u0000', 'body')).toEqual({ path: [], message: 'body must not contain the NUL character (U+0000)' });
    expect(findInputProblem({ a: 1, b: null, c: true, d: ['x', 'y'] })).toBeNull();
  });

  it('reports problems in document order (the first field a person would look at)', () => {
    expect(findInputProblem({ first: '\u0000', second: '\u0000' })?.path).toEqual(['first']);
  });

  it('drops NUL from file text', () => {
    expect(withoutNul('a\u0000b\u0000')).toBe('ab');
    expect(withoutNul('plain')).toBe('plain');
  });

  it('is available as a zod string for forms', () => {
    expect(storableText('note').safeParse('fine').success).toBe(true);
    expect(storableText('note').safeParse('bad\u0000').error?.issues[0]?.message).toBe('note must not contain the NUL character (U+0000)');
  });
});
