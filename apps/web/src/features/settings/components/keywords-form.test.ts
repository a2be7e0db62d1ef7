import { DEFAULT_KEYWORD_SETTINGS } from '@sms/contracts/messaging-settings';
import { describe, expect, it } from 'vitest';
import { changedKeywords, replyParts, splitKeywords, validateKeywords } from './keywords-form';

describe('keywords form', () => {
  it('accepts the defaults as they are', () => {
    expect(validateKeywords(DEFAULT_KEYWORD_SETTINGS)).toEqual({ output: DEFAULT_KEYWORD_SETTINGS });
  });

  it('splits pasted lists into upper-case words', () => {
    expect(splitKeywords(' stop, arret;quit  ')).toEqual(['STOP', 'ARRET', 'QUIT']);
    expect(splitKeywords(' ,; ')).toEqual([]);
  });

  it('names the list with a word that is not one word, an empty opt-out list, and a word in two lists', () => {
    expect(validateKeywords({ ...DEFAULT_KEYWORD_SETTINGS, helpKeywords: ['HELP', 'OPT-IN'] })).toEqual({
      errors: { helpKeywords: { key: 'messaging.keywords.invalidWord', values: { word: 'OPT-IN' } } },
    });
    expect(validateKeywords({ ...DEFAULT_KEYWORD_SETTINGS, optOutKeywords: [] })).toEqual({
      errors: { optOutKeywords: { key: 'messaging.keywords.optOutRequired' } },
    });
    expect(validateKeywords({ ...DEFAULT_KEYWORD_SETTINGS, helpKeywords: ['INFO', 'STOP'] })).toEqual({
      errors: { helpKeywords: { key: 'messaging.keywords.clash', values: { word: 'STOP', list: 'optOutKeywords' } } },
    });
  });

  it('sends only the changed fields', () => {
    expect(changedKeywords(DEFAULT_KEYWORD_SETTINGS, { ...DEFAULT_KEYWORD_SETTINGS, helpKeywords: ['AIDE'], helpReply: 'x' })).toEqual({
      helpKeywords: ['AIDE'],
      helpReply: 'x',
    });
    expect(changedKeywords(DEFAULT_KEYWORD_SETTINGS, { ...DEFAULT_KEYWORD_SETTINGS })).toEqual({});
  });

  it('counts the parts of an answer, none when blank', () => {
    expect(replyParts('   ')).toBe(0);
    expect(replyParts('You are unsubscribed.')).toBe(1);
    expect(replyParts('x'.repeat(161))).toBe(2);
    expect(replyParts('Désinscrit 😀')).toBe(1);
  });
});
