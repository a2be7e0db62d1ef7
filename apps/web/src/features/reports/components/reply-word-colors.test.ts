import { describe, expect, it } from 'vitest';
import { replyWordColors } from './reply-word-colors';

describe('replyWordColors', () => {
  it('gives every word its own colour, yes words green and no words red', () => {
    const colors = replyWordColors(['YES', 'OK', '1', 'NO', 'maybe', 'later']);
    expect(new Set(colors.values()).size).toBe(6);
    expect(colors.get('YES')).toBe('#2e7d32');
    expect(colors.get('NO')).toBe('#d32f2f');
  });

  it('stays distinct past the shades of one kind', () => {
    const colors = replyWordColors(['YES', 'Y', 'OK', 'OUI', 'SI', '1', 'نعم']);
    expect(new Set(colors.values()).size).toBe(7);
  });
});
