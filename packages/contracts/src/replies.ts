import type { KeywordSettings } from './messaging-settings.ts';

/**
 * How an inbound text is read. The reply word (for grouping answers: YES/NO/1/2) is the first
 * word, upper case, punctuation stripped; keywords are the whole message, trimmed, one word,
 * case-insensitive ('stop' is a keyword, 'stop please' is not).
 */

/** The first word of a reply, upper case, without punctuation or symbols ('' when none). */
export function replyWord(text: string): string {
  const first = text.trim().split(/\s+/u)[0] ?? '';
  return first
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLocaleUpperCase('en-US')
    .slice(0, 40);
}

/**
 * A message that is one word, as keywords (and keyword rules) read it: trimmed, trailing . ! ?
 * dropped, upper case; null when it is empty or more than one word.
 */
export function wholeWordOf(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || /\s/u.test(trimmed)) return null;
  return trimmed.replace(/[.!?]+$/u, '').toLocaleUpperCase('en-US');
}

export type KeywordKind = 'optOut' | 'optIn' | 'help';

/**
 * The keyword a whole message is, or null. YES (or any opt-in word) only counts as opt-in for an
 * opted-out contact (`optedOut`); otherwise it is an ordinary reply.
 */
export function keywordOf(
  text: string,
  settings: Pick<KeywordSettings, 'optOutKeywords' | 'optInKeywords' | 'helpKeywords'>,
  optedOut: boolean,
): KeywordKind | null {
  const word = wholeWordOf(text);
  if (word === null) return null;
  if (settings.optOutKeywords.includes(word)) return 'optOut';
  if (settings.optInKeywords.includes(word)) return optedOut ? 'optIn' : null;
  if (settings.helpKeywords.includes(word)) return 'help';
  return null;
}
