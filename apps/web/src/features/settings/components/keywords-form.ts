import { analyseSms } from '@sms/contracts/sms-encoding';
import {
  keywordClash,
  keywordSettingsSchema,
  KEYWORD_LISTS,
  type KeywordList,
  type KeywordSettings,
} from '@sms/contracts/messaging-settings';
import type { FieldMessage } from '../../../components/forms/validation-resolver';

export type KeywordErrors = Partial<Record<keyof KeywordSettings, FieldMessage>>;

/** A typed keyword as stored: trimmed, upper case (the server does the same). */
export const normaliseKeyword = (word: string): string => word.trim().toUpperCase();

/** Splits what was typed or pasted ("stop, arret quit") into keywords. */
export const splitKeywords = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map(normaliseKeyword)
    .filter(Boolean);

/**
 * Checks the keyword lists and answers with the shared schema, plus the rule the server applies
 * across lists (a word in two lists). Errors are translation keys or the schema's message.
 */
export function validateKeywords(values: KeywordSettings): { output: KeywordSettings } | { errors: KeywordErrors } {
  const parsed = keywordSettingsSchema.safeParse(values);
  if (!parsed.success) {
    const errors: KeywordErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof KeywordSettings;
      const isList = (KEYWORD_LISTS as readonly string[]).includes(field);
      if (errors[field]) continue;
      if (field === 'optOutKeywords' && issue.message.includes('at least one'))
        errors[field] = { key: 'messaging.keywords.optOutRequired' };
      else if (isList && issue.path.length > 1)
        errors[field] = {
          key: 'messaging.keywords.invalidWord',
          values: { word: String(values[field as KeywordList][Number(issue.path[1])] ?? '') },
        };
      else errors[field] = issue.message;
    }
    return { errors };
  }
  const clash = keywordClash(parsed.data);
  if (clash)
    return { errors: { [clash.field]: { key: 'messaging.keywords.clash', values: { word: clash.word, list: clash.otherField } } } };
  return { output: parsed.data };
}

/** The fields that differ from what is saved (PUT takes any subset). */
export function changedKeywords(saved: KeywordSettings, next: KeywordSettings): Partial<KeywordSettings> {
  const body: Partial<KeywordSettings> = {};
  for (const key of Object.keys(next) as Array<keyof KeywordSettings>) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) Object.assign(body, { [key]: next[key] });
  }
  return body;
}

/** Parts an automatic answer costs (0 for a blank one, which is not sent). */
export const replyParts = (text: string): number => (text.trim() === '' ? 0 : analyseSms(text.trim()).segments);
