import { describe, expect, it } from 'vitest';
import { formatMatchCount } from './match-count';

describe('formatMatchCount', () => {
  it('shows an exact count as is and a capped one with a plus, in the language of the page', () => {
    expect(formatMatchCount(new Intl.NumberFormat('en'), 1234, false)).toBe('1,234');
    expect(formatMatchCount(new Intl.NumberFormat('en'), 10_000, true)).toBe('10,000+');
    expect(formatMatchCount(new Intl.NumberFormat('fr'), 10_000, true)).toBe('10\u202f000+');
  });
});
