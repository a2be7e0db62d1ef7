import { describe, expect, it } from 'vitest';
import { fold, highlightParts, queryTerms, searchFaq } from './faq-search';

const entries = [
  { id: 'gsm', question: 'How many characters fit in one SMS?', body: 'GSM-7: 160 characters, or 153 per part.' },
  { id: 'stop', question: 'What happens when someone replies STOP?', body: 'The contact is opted out and gets one confirmation.' },
  { id: 'fr', question: 'Quelle réponse est associée à une campagne ?', body: 'La plus récente, dans sa fenêtre de réponse.' },
  { id: 'ar', question: 'ما هي الرسالة المُرسَلة؟', body: 'تُرسل الرسائل على أجزاء.' },
  { id: 'zh', question: '什么是退订关键词？', body: '回复 STOP 即可退订。' },
];
const ids = (query: string) => searchFaq(entries, query).map((entry) => entry.id);

describe('help search', () => {
  it('keeps every entry for an empty query', () => {
    expect(ids('')).toEqual(['gsm', 'stop', 'fr', 'ar', 'zh']);
    expect(ids('   ')).toHaveLength(5);
  });

  it('needs every word, in any case, anywhere in the entry', () => {
    expect(ids('sms 160')).toEqual(['gsm']);
    expect(ids('SMS 170')).toEqual([]);
    expect(ids('opted CONFIRMATION')).toEqual(['stop']);
  });

  it('lists entries whose question matches before those that match elsewhere', () => {
    expect(ids('stop')).toEqual(['stop', 'zh']);
    expect(ids('退订')).toEqual(['zh']);
  });

  it('ignores accents and Arabic diacritics and letter variants', () => {
    expect(ids('reponse campagne')).toEqual(['fr']);
    expect(ids('RÉPONSE')).toEqual(['fr']);
    expect(ids('المرسلة')).toEqual(['ar']);
    expect(ids('ترسل')).toEqual(['ar']);
  });

  it('treats regular expression characters as text', () => {
    expect(ids('(')).toEqual([]);
    // Arabic and Chinese questions end with their own question marks.
    expect(ids('?')).toEqual(['gsm', 'stop', 'fr']);
    expect(ids('gsm-7:')).toEqual(['gsm']);
  });

  it('folds the query into distinct words', () => {
    expect(queryTerms('  Réponse  reponse STOP ')).toEqual(['reponse', 'stop']);
    expect(fold('Été').text).toBe('ete');
  });
});

describe('highlighting', () => {
  it('marks the original text of each match, accents included', () => {
    expect(highlightParts('Quelle réponse ?', queryTerms('reponse'))).toEqual([
      { text: 'Quelle ', match: false },
      { text: 'réponse', match: true },
      { text: ' ?', match: false },
    ]);
  });

  it('marks every occurrence and merges overlapping ones', () => {
    expect(highlightParts('stop, STOPALL', queryTerms('stop'))).toEqual([
      { text: 'stop', match: true },
      { text: ', ', match: false },
      { text: 'STOP', match: true },
      { text: 'ALL', match: false },
    ]);
    expect(highlightParts('abcd', ['abc', 'bcd'])).toEqual([{ text: 'abcd', match: true }]);
  });

  it('keeps emoji whole and leaves text without matches alone', () => {
    expect(highlightParts('Hi 😀 there', ['there'])).toEqual([
      { text: 'Hi 😀 ', match: false },
      { text: 'there', match: true },
    ]);
    expect(highlightParts('nothing here', ['zzz'])).toEqual([{ text: 'nothing here', match: false }]);
    expect(highlightParts('anything', [])).toEqual([{ text: 'anything', match: false }]);
  });
});
