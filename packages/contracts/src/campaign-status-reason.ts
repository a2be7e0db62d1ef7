import { z } from 'zod';

/**
 * Why a campaign waits, paused by itself or failed: a code and its parameters, stored as such
 * (campaigns.status_reason) and put into words by whoever shows it: the web app in the reader's
 * language, `statusReasonMessage` in English for API users and logs. The engine decides by the
 * code, never by the words. Parameters named `detail` or `lastError` carry a gateway's or a
 * carrier's own words, shown as they came.
 */
export const CAMPAIGN_STATUS_REASON_PARAMS = {
  /** Inside its quiet hours: sending resumes at `time` (HH:MM) in `timeZone` (the organisation's). */
  QUIET_HOURS: z.object({ time: z.string(), timeZone: z.string() }),
  /** The gateway took no message of the last batch for now; the engine keeps retrying. */
  GATEWAY_UNAVAILABLE: z.object({ detail: z.string() }),
  /** Paused after `errors` message errors in a row (the engine's autoPauseAfter). */
  AUTO_PAUSED_ERRORS: z.object({ errors: z.number().int(), lastError: z.string().nullable() }),
  /** Paused after the gateway stayed unavailable for autoPauseAfter batches in a row. */
  AUTO_PAUSED_GATEWAY_UNAVAILABLE: z.object({ detail: z.string() }),
  /** Paused: an administrator disabled its gateway. */
  GATEWAY_DISABLED: z.object({ gateway: z.string() }),
  /** Failed: its gateway was deleted. */
  GATEWAY_DELETED: z.object({}),
  /** Failed: its gateway can never send as configured (credentials refused, settings invalid). */
  GATEWAY_UNUSABLE: z.object({ detail: z.string() }),
  /** A reason stored as English text before reasons were codes, in no form migration 0018 knew. */
  LEGACY_TEXT: z.object({ text: z.string() }),
  /** Paused by a restore (decision 072): back to `previous` when an administrator resumes sending. */
  RESTORED: z.object({ previous: z.enum(['sending', 'scheduled']) }),
  /** Paused while an administrator holds sending (decision 072): back to `previous` when it is resumed. */
  SENDING_HELD: z.object({ previous: z.enum(['sending', 'scheduled']) }),
  /** Paused: the organisation's monthly budget is spent (decision 109); resumed by hand once the cap is raised. */
  BUDGET_REACHED: z.object({ cap: z.number(), currency: z.string() }),
} as const;

type ParamSchemas = typeof CAMPAIGN_STATUS_REASON_PARAMS;
export type CampaignStatusReasonCode = keyof ParamSchemas;
export const CAMPAIGN_STATUS_REASON_CODES = Object.keys(CAMPAIGN_STATUS_REASON_PARAMS) as CampaignStatusReasonCode[];

/** A reason as the server stores it. */
export type CampaignStatusReason = {
  [C in CampaignStatusReasonCode]: { code: C; params: z.infer<ParamSchemas[C]> };
}[CampaignStatusReasonCode];
/** A reason as the API presents it: the code, its parameters and the English sentence. */
export type CampaignStatusReasonView = CampaignStatusReason & { message: string };

const ENGLISH: { [C in CampaignStatusReasonCode]: (params: z.infer<ParamSchemas[C]>) => string } = {
  QUIET_HOURS: ({ time, timeZone }) => `Quiet hours: sending resumes at ${time} (${timeZone})`,
  GATEWAY_UNAVAILABLE: ({ detail }) => `Gateway unavailable: ${detail}. Retrying.`,
  AUTO_PAUSED_ERRORS: ({ errors, lastError }) =>
    `Paused automatically after ${errors} errors in a row. Last error: ${lastError ?? 'unknown'}`,
  AUTO_PAUSED_GATEWAY_UNAVAILABLE: ({ detail }) => `Paused automatically: the gateway stayed unavailable (${detail})`,
  GATEWAY_DISABLED: ({ gateway }) => `The gateway ${gateway} is disabled: enable it, then resume`,
  GATEWAY_DELETED: () => 'The gateway cannot send: it was deleted',
  GATEWAY_UNUSABLE: ({ detail }) => `The gateway cannot send: ${detail}`,
  LEGACY_TEXT: ({ text }) => text,
  RESTORED: () => 'Paused by the restore of a backup: it goes on when an administrator resumes sending',
  SENDING_HELD: () => 'Paused while sending is on hold: it goes on when an administrator resumes sending',
  BUDGET_REACHED: ({ cap, currency }) =>
    `Paused: the monthly budget of ${cap} ${currency} is reached. An administrator raises it, then resume`,
};

/** The reason in English (the API's `message`, audit entries, logs). */
export function statusReasonMessage(reason: CampaignStatusReason): string {
  const english = ENGLISH[reason.code] as (params: CampaignStatusReason['params']) => string;
  return english(reason.params);
}

/** A stored reason with its English sentence, as the API presents it. */
export function statusReasonView(reason: CampaignStatusReason | null): CampaignStatusReasonView | null {
  return reason ? { ...reason, message: statusReasonMessage(reason) } : null;
}

const variants = CAMPAIGN_STATUS_REASON_CODES.map((code) =>
  z.object({ code: z.literal(code), params: CAMPAIGN_STATUS_REASON_PARAMS[code], message: z.string() }),
);

/** `statusReason` in API answers: one variant per code, so each code's parameters are typed. */
export const campaignStatusReasonSchema = z.discriminatedUnion(
  'code',
  variants as [(typeof variants)[number], ...(typeof variants)[number][]],
) as unknown as z.ZodType<CampaignStatusReasonView>;
