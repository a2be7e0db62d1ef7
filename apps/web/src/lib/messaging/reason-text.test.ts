import { readFileSync } from 'node:fs';
import {
  CAMPAIGN_STATUS_REASON_CODES,
  CAMPAIGN_STATUS_REASON_PARAMS,
  statusReasonView,
  type CampaignStatusReason,
  type CampaignStatusReasonCode,
} from '@sms/contracts/campaign-status-reason';
import { LANGUAGES } from '@sms/contracts/languages';
import { MESSAGE_ERROR_CODES, MESSAGE_ERRORS_WITH_GATEWAY_DETAIL } from '@sms/contracts/message-statuses';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { reasonTexts } from './reason-text';

type Reasons = { statusReason: Record<string, string>; messageErrors: Record<string, string> };
const campaignLabel = (language: string, status: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/${language}/statuses.json`, import.meta.url), 'utf8')) as {
      campaign: Record<string, string>;
    }
  ).campaign[status] ?? status;
const reasonsText = (language: string): Reasons =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}/statuses.json`, import.meta.url), 'utf8'));

/** The real texts of one language, through an i18next set up as the app sets it up. */
function textsIn(language: string) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [language]: { statuses: reasonsText(language) } },
    lng: language,
    ns: ['statuses'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return reasonTexts(instance.t, language);
}

// One reason of each code (the type makes the list complete).
const SAMPLES: { [C in CampaignStatusReasonCode]: Extract<CampaignStatusReason, { code: C }> } = {
  QUIET_HOURS: { code: 'QUIET_HOURS', params: { time: '07:30', timeZone: 'Europe/Paris' } },
  GATEWAY_UNAVAILABLE: { code: 'GATEWAY_UNAVAILABLE', params: { detail: 'Connection refused' } },
  AUTO_PAUSED_ERRORS: { code: 'AUTO_PAUSED_ERRORS', params: { errors: 20, lastError: 'SIM_REJECTED' } },
  AUTO_PAUSED_GATEWAY_UNAVAILABLE: { code: 'AUTO_PAUSED_GATEWAY_UNAVAILABLE', params: { detail: 'Connection refused' } },
  GATEWAY_DISABLED: { code: 'GATEWAY_DISABLED', params: { gateway: 'Backup SMSC' } },
  GATEWAY_DELETED: { code: 'GATEWAY_DELETED', params: {} },
  GATEWAY_UNUSABLE: { code: 'GATEWAY_UNUSABLE', params: { detail: 'ESME_RINVPASWD' } },
  LEGACY_TEXT: { code: 'LEGACY_TEXT', params: { text: 'Stopped by hand' } },
  RESTORED: { code: 'RESTORED', params: { previous: 'sending' } },
  SENDING_HELD: { code: 'SENDING_HELD', params: { previous: 'scheduled' } },
  BUDGET_REACHED: { code: 'BUDGET_REACHED', params: { cap: 250, currency: 'EUR' } },
};
/** Parameters shown as a label in the reader's language rather than as they are stored. */
const LABELLED: Partial<Record<CampaignStatusReasonCode, (value: string, language: string) => string>> = {
  RESTORED: (status, language) => campaignLabel(language, status),
  SENDING_HELD: (status, language) => campaignLabel(language, status),
};
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('campaign status reasons in words', () => {
  for (const language of LANGUAGES) {
    it(`every code has a text in ${language} that uses each of its parameters`, () => {
      const texts = reasonsText(language).statusReason;
      expect(Object.keys(texts).sort()).toEqual([...CAMPAIGN_STATUS_REASON_CODES].sort());
      for (const code of CAMPAIGN_STATUS_REASON_CODES) {
        expect(placeholders(texts[code] ?? ''), `${language} ${code}`).toEqual(
          Object.keys(CAMPAIGN_STATUS_REASON_PARAMS[code].shape).sort(),
        );
      }
    });

    it(`fills every reason's parameters in ${language}, in the language's own words`, () => {
      const english = textsIn('en');
      const texts = textsIn(language);
      for (const sample of Object.values(SAMPLES)) {
        const reason = statusReasonView(sample);
        if (!reason) throw new Error('a sample is a reason');
        const text = texts.statusReason(reason);
        expect(text, `${language} ${sample.code}`).not.toMatch(/{{|}}|statusReason/);
        const shown = LABELLED[sample.code];
        for (const value of Object.values(sample.params))
          expect(text, `${language} ${sample.code}`).toContain(shown ? shown(String(value), language) : String(value));
        // Only a reason stored before codes existed stays in the words it was stored in.
        if (language !== 'en' && sample.code !== 'LEGACY_TEXT')
          expect(text, `${language} ${sample.code}`).not.toBe(english.statusReason(reason));
      }
    });
  }

  it('says "unknown" in the language when the last error has no text, and formats the count', () => {
    const reason = statusReasonView({ code: 'AUTO_PAUSED_ERRORS', params: { errors: 1200, lastError: null } });
    if (!reason) throw new Error('a reason');
    expect(textsIn('fr').statusReason(reason)).toBe(
      'Mise en pause automatique après trop d’erreurs consécutives (1\u202f200). Dernière erreur : inconnue',
    );
    expect(textsIn('en').statusReason(reason)).toBe('Paused automatically after too many errors in a row (1,200). Last error: unknown');
  });

  it("falls back to the server's English sentence for a code this build does not know", () => {
    const newer = { code: 'SOMETHING_NEW', params: {}, message: 'Waiting for something new' } as unknown as Parameters<
      ReturnType<typeof textsIn>['statusReason']
    >[0];
    expect(textsIn('zh').statusReason(newer)).toBe('Waiting for something new');
  });
});

describe('message errors in words', () => {
  for (const language of LANGUAGES) {
    it(`translates each of the engine's own codes in ${language}, keeping a gateway's words as they came`, () => {
      const texts = textsIn(language);
      expect(Object.keys(reasonsText(language).messageErrors).sort()).toEqual(Object.values(MESSAGE_ERROR_CODES).sort());
      for (const code of Object.values(MESSAGE_ERROR_CODES)) {
        const text = texts.messageError(code, 'Bind refused by the SMSC');
        expect(text, `${language} ${code}`).not.toMatch(/{{|}}|messageErrors/);
        expect(text.includes('Bind refused by the SMSC'), `${language} ${code}`).toBe(MESSAGE_ERRORS_WITH_GATEWAY_DETAIL.includes(code));
      }
      expect(texts.messageError('SIM_REJECTED', 'Simulated: number rejected by the carrier')).toBe(
        'Simulated: number rejected by the carrier',
      );
      expect(texts.messageError(null, null)).toBe('');
    });
  }
});
