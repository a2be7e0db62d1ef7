import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, nestsDeeperThan, openStringAt, readJsonText } from './json-body.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

describe('the nesting count', () => {
  it('counts objects and arrays, not brackets in strings (escaped quotes and backslashes included)', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[", "\\"[[[[", "\\\\", "{{{{"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\"][[]]', 1)).toBe(true);
    // Siblings do not add up.
    expect(nestsDeeperThan('[[1],[2],[3],{"a":1}]', 2)).toBe(false);
  });

  it('refuses a body nested past 64 levels with a 400 naming the body', () => {
    expect(readJsonText(bytes('['.repeat(64), ']'.repeat(64)))).toHaveLength(128);
    expect(() => readJsonText(bytes('['.repeat(65), ']'.repeat(65)))).toThrow(
      expect.objectContaining({ statusCode: 400, field: 'body', message: expect.stringMatching(/nested too deeply/) }),
    );
  });
});

describe('strict UTF-8', () => {
  it('finds the first byte that does not start a well-formed sequence', () => {
    expect(firstInvalidUtf8(bytes('abc é 你 😀'))).toBe(Buffer.byteLength('abc é 你 😀'));
    expect(firstInvalidUtf8(bytes('ab', [0xff, 0xfe], 'cd'))).toBe(2);
    expect(firstInvalidUtf8(bytes('a', [0xed, 0xa0, 0x80]))).toBe(1); // a surrogate's bytes
    expect(firstInvalidUtf8(bytes('a', [0xc0, 0xaf]))).toBe(1); // overlong
    expect(firstInvalidUtf8(bytes('a', [0xe0, 0x80, 0x80]))).toBe(1); // overlong
    expect(firstInvalidUtf8(bytes('a', [0xf4, 0x90, 0x80, 0x80]))).toBe(1); // past U+10FFFF
    expect(firstInvalidUtf8(bytes('ab', [0xe4, 0xbd]))).toBe(2); // cut short
    expect(firstInvalidUtf8(bytes('é', [0xe4, 0x41, 0x41]))).toBe(2);
  });

  it('names the string the bad bytes sit in: a value by its path, a key by its object', () => {
    expect(openStringAt('{"a":"x')).toEqual({ path: ['a'], inKey: false });
    expect(openStringAt('{"a":[1,{"b":2},"x')).toEqual({ path: ['a', 2], inKey: false });
    expect(openStringAt('{"a":{"b":"c","d":{"e":1},"f":"x')).toEqual({ path: ['a', 'f'], inKey: false });
    expect(openStringAt('{"a":{"ke')).toEqual({ path: ['a'], inKey: true });
    expect(openStringAt('{"a\\"b":"x')).toEqual({ path: ['a"b'], inKey: false });
    expect(openStringAt('"x')).toEqual({ path: [], inKey: false });
    expect(openStringAt('{"a":1,')).toBeNull();
    expect(openStringAt('{"a":["x"],"b":"y"}')).toBeNull();
  });

  it('answers 400 naming the field, the key or the body', () => {
    const refusal = (body: Buffer) => {
      try {
        readJsonText(body);
      } catch (error) {
        return { field: (error as { field?: string }).field, message: (error as Error).message };
      }
      return null;
    };
    expect(refusal(bytes('{"name":"ab', [0xff, 0xfe], 'cd"}'))).toEqual({ field: 'name', message: 'name is not valid UTF-8 text' });
    expect(refusal(bytes('{"list":["x', [0xed, 0xa0, 0x80], '"]}'))).toEqual({
      field: 'list.0',
      message: 'list.0 is not valid UTF-8 text',
    });
    expect(refusal(bytes('{"fields":{"k', [0xff], '":1}}'))).toEqual({
      field: 'fields',
      message: 'fields field name is not valid UTF-8 text',
    });
    expect(refusal(bytes('{"k', [0xff], '":1}'))).toEqual({ field: 'body', message: 'body field name is not valid UTF-8 text' });
    expect(refusal(bytes('{"a":1,', [0xff], '}'))).toEqual({ field: 'body', message: 'The request body is not valid UTF-8' });
    expect(refusal(bytes('{"a":"', '😀'.repeat(3), '"}'))).toBeNull();
  });
});
