import { describe, expect, it } from 'vitest';
import { nameInitials } from './user-avatar';

describe('nameInitials', () => {
  it('takes the first letter of the first two words', () => {
    expect(nameInitials('ada lovelace byron')).toBe('AL');
    expect(nameInitials('  Grace  ')).toBe('G');
    expect(nameInitials('李 小龙')).toBe('李小');
    expect(nameInitials('')).toBe('?');
  });
});
