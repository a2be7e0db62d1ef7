import { LANGUAGES } from '@sms/contracts/languages';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../locales/', import.meta.url);
const read = (language: string, file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`${language}/${file}`, root), 'utf8'));

/** 'a.b.c' -> value for every leaf string. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) for (const [path, text] of leaves(child, `${prefix}${key}.`)) out.set(path, text);
  } else out.set(prefix.slice(0, -1), String(value));
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Plural forms (i18next's `key_one`, `key_few`, ...) differ by language: compare their base keys. */
const bases = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(PLURAL, '')))].sort();

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const namespaces = readdirSync(new URL('en/', root)).filter((file) => file.endsWith('.json'));

  it('include the common namespace', () => {
    expect(namespaces).toContain('common.json');
  });

  for (const file of namespaces) {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${language}/${file} has the same keys and placeholders as en`, () => {
        expect(existsSync(new URL(`${language}/${file}`, root))).toBe(true);
        const english = leaves(read('en', file));
        const other = leaves(read(language, file));
        expect(bases(other.keys())).toEqual(bases(english.keys()));
        const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
        for (const [key, text] of other) {
          const form = PLURAL.exec(key)?.[1];
          const base = key.replace(PLURAL, '');
          // A plural key has the language's own forms (Arabic six, Chinese one) and always 'other'.
          if (form) expect(categories.has(form), `${language}/${file} ${key}: not a ${language} plural form`).toBe(true);
          if (form) expect(other.has(`${base}_other`), `${language}/${file} ${base}_other`).toBe(true);
          const englishText = english.get(key) ?? english.get(`${base}_other`) ?? '';
          expect(placeholders(text), `${language}/${file} ${key}`).toEqual(placeholders(englishText));
        }
      });
    }
  }

  // A count shown with a plain key reads "1 contacts" or "Selected: 3": every text that counts is
  // an i18next plural with each form its language uses (Arabic six, Chinese only 'other'). French's
  // 'many' (round millions) falls back to 'other', which is the same words with digits.
  const REQUIRED: Record<string, readonly string[]> = { en: ['one', 'other'], fr: ['one', 'other'] };
  for (const file of namespaces) {
    for (const language of LANGUAGES) {
      it(`${language}/${file}: every plural has all of ${language}'s forms, and a {{count}} text is a plural`, () => {
        const texts = leaves(read(language, file));
        const pluralBases = new Set(
          [...leaves(read('en', file)).keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
        );
        const forms = REQUIRED[language] ?? new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const base of pluralBases) {
          const missing = forms.filter((form) => !texts.has(`${base}_${form}`));
          expect(missing, `${language}/${file} ${base}: missing plural forms`).toEqual([]);
          expect(texts.has(base), `${language}/${file} ${base}: a plain key beside its plural forms`).toBe(false);
        }
        const plainCounts = [...texts]
          .filter(([key, text]) => !PLURAL.test(key) && placeholders(text).includes('count'))
          .map(([key]) => key);
        expect(plainCounts, `${language}/${file}: {{count}} in a text without plural forms`).toEqual([]);
      });
    }
  }
});
