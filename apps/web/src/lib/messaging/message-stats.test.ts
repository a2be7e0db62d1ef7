import { describe, expect, it } from 'vitest';
import { insertAt, mergeTag, messageStats } from './message-stats';

describe('messageStats', () => {
  it('counts a plain GSM text', () => {
    const stats = messageStats('Hello there');
    expect(stats.analysis).toMatchObject({ encoding: 'GSM-7', characters: 11, segments: 1, remainingInSegment: 149 });
    expect(stats.nonGsm).toEqual([]);
    expect(stats.lookalikes).toBe(0);
  });

  it('switches to UCS-2 on an emoji and lists it once with its count', () => {
    const stats = messageStats('Party 🎉 tonight 🎉');
    expect(stats.analysis.encoding).toBe('UCS-2');
    expect(stats.nonGsm).toEqual([{ char: '🎉', count: 2 }]);
    expect(stats.lookalikes).toBe(0);
  });

  it('offers to replace look-alike quotes and dashes', () => {
    const stats = messageStats('It’s on — “today”');
    expect(stats.analysis.encoding).toBe('UCS-2');
    expect(stats.nonGsm.map((entry) => entry.char)).toEqual(['’', '—', '“', '”']);
    expect(stats.lookalikes).toBe(4);
  });

  it('reports malformed merge tags and finds good ones', () => {
    const stats = messageStats('Hi {{first_name|there}}, {{ }} and {{tag1');
    expect(stats.tokens.map((token) => token.field)).toEqual(['first_name']);
    expect(stats.problems).toHaveLength(2);
  });

  it('counts merge fields at a likely length, not as typed', () => {
    expect(messageStats('{{first_name}}').analysis.characters).not.toBe('{{first_name}}'.length);
  });
});

describe('merge tags', () => {
  it('writes a tag with an optional fallback', () => {
    expect(mergeTag('first_name', '')).toBe('{{first_name}}');
    expect(mergeTag(' City ', ' Paris ')).toBe('{{City|Paris}}');
  });

  it('inserts at the caret or over the selection', () => {
    expect(insertAt('Hi !', '{{first_name}}', 3, 3)).toEqual({ body: 'Hi {{first_name}}!', caret: 17 });
    expect(insertAt('Hi NAME!', 'X', 3, 7)).toEqual({ body: 'Hi X!', caret: 4 });
    expect(insertAt('Hi', 'X', 99, 99)).toEqual({ body: 'HiX', caret: 3 });
  });
});
