import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYWORD_SETTINGS } from './messaging-settings.ts';
import { keywordOf, replyWord } from './replies.ts';

describe('reply words', () => {
  it('takes the first word, upper case, punctuation stripped', () => {
    expect(replyWord('yes!')).toBe('YES');
    expect(replyWord('  No thanks ')).toBe('NO');
    expect(replyWord('1')).toBe('1');
    expect(replyWord('"Oui", merci')).toBe('OUI');
    expect(replyWord('👍')).toBe('');
    expect(replyWord('')).toBe('');
    expect(replyWord('نعم')).toBe('نعم');
  });
});

describe('keywords', () => {
  const k = (text: string, optedOut = false) => keywordOf(text, DEFAULT_KEYWORD_SETTINGS, optedOut);

  it('reads a whole one-word message, case-insensitive, trimmed', () => {
    expect(k('STOP')).toBe('optOut');
    expect(k(' stop ')).toBe('optOut');
    expect(k('Unsubscribe.')).toBe('optOut');
    expect(k('stop please')).toBe(null);
    expect(k('stopped')).toBe(null);
    expect(k('HELP')).toBe('help');
    expect(k('info')).toBe('help');
  });

  it('treats YES and START as opt-in only for an opted-out contact', () => {
    expect(k('YES')).toBe(null);
    expect(k('yes', true)).toBe('optIn');
    expect(k('START', true)).toBe('optIn');
    expect(k('START', false)).toBe(null);
  });

  it('follows edited keyword lists', () => {
    expect(keywordOf('ARRET', { ...DEFAULT_KEYWORD_SETTINGS, optOutKeywords: ['ARRET'] }, false)).toBe('optOut');
    expect(keywordOf('STOP', { ...DEFAULT_KEYWORD_SETTINGS, optOutKeywords: ['ARRET'] }, false)).toBe(null);
  });
});
