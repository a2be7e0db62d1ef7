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

  it('walks in time linear in the input: a 50,000-deep body is one pass, paths joined only for the problem', () => {
    // Copying the path at every level made this the square of the depth (some 10 s for this input;
    // milliseconds now: the bound only tells the two apart).
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 50_000; level++) deep = level % 2 ? { k: deep } : [deep];
    const started = performance.now();
    const problem = findInputProblem(deep, 'body');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(problem?.path).toHaveLength(50_000);
    expect(problem?.path.slice(0, 4)).toEqual(['k', 0, 'k', 0]);
    expect(problem?.message).toMatch(/^k\.0\.k\.0\..*\.k\.0 must not contain the NUL character \(U\+0000\)$/);
    let clean: unknown = 'fine';
    for (let level = 0; level < 50_000; level++) clean = [clean, { a: 'b' }];
    expect(findInputProblem(clean)).toBeNull();
  });

  it('names keys and values after walking back up from a deep branch', () => {
    expect(findInputProblem({ a: [[[{ b: 'ok' }]], 'ok'], c: { d: ['ok', { e: 'bad\u0000' }] } })).toEqual({
      path: ['c', 'd', 1, 'e'],
      message: 'c.d.1.e must not contain the NUL character (U+0000)',
    });
    expect(findInputProblem({ a: { b: { c: 'ok' } }, d: { ['x\uD800']: 1 } })).toEqual({
      path: ['d', 'x\uD800'],
      message: 'd field name must not contain a lone surrogate (U+D800): send valid UTF-8 text',
    });
    expect(findInputProblem([[], {}, [[]], 'ok'])).toBeNull();
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
