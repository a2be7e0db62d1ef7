import { AUDIT_ACTIONS } from '@sms/contracts/audit-log';
import { LANGUAGES } from '@sms/contracts/languages';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionLabelKey } from './audit-filter-state';

const labels = (language: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../locales/${language}/audit.json`, import.meta.url), 'utf8')) as {
      actions: Record<string, string>;
    }
  ).actions;

describe('audit action labels', () => {
  it('translate every action the platform records, in every language, and nothing else', () => {
    for (const language of LANGUAGES) {
      const keys = AUDIT_ACTIONS.map((action) => actionLabelKey(action).slice('actions.'.length)).sort();
      expect(Object.keys(labels(language)).sort(), language).toEqual(keys);
    }
  });
});
