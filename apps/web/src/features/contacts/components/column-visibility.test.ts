import { describe, expect, it } from 'vitest';
import { parseColumnVisibility } from './column-visibility';

const known = ['phone', 'firstName', 'tag1', 'tag2', 'tag3', 'updatedAt', 'source'];

describe('parseColumnVisibility', () => {
  it('hides the secondary columns by default', () => {
    expect(parseColumnVisibility(null, known)).toEqual({ tag2: false, tag3: false, updatedAt: false, source: false });
  });

  it('applies stored choices for known columns only', () => {
    expect(parseColumnVisibility(JSON.stringify({ tag2: true, firstName: false, password: true, tag1: 'no' }), known)).toEqual({
      tag2: true,
      tag3: false,
      updatedAt: false,
      source: false,
      firstName: false,
    });
  });

  it('ignores unreadable storage', () => {
    expect(parseColumnVisibility('{not json', known)).toEqual(parseColumnVisibility(null, known));
    expect(parseColumnVisibility('[1,2]', known)).toEqual(parseColumnVisibility(null, known));
  });
});
