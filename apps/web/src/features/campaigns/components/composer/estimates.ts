import type { Gateway } from '@sms/contracts/gateways';
import { estimateCost, partPrice, type DestinationCount, type PriceTable } from '@sms/contracts/pricing';
import type { SmsEncoding } from '@sms/contracts/sms-encoding';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/**
 * The pace a gateway is known to send at: its rate limit when one is set, else what its settings
 * fix (the simulator accepts `acceptPerSecond`); null when only the carrier knows (SMPP, Twilio
 * without a limit).
 */
export function gatewayPace(gateway: Pick<Gateway, 'kind' | 'rateLimit' | 'config'>): number | null {
  if (gateway.rateLimit !== null) return gateway.rateLimit;
  const accept = gateway.kind === 'simulator' ? gateway.config.acceptPerSecond : undefined;
  return typeof accept === 'number' && accept > 0 ? accept : null;
}

export interface EstimateInput {
  /** Contacts the audience reaches (opted-out ones excluded). */
  recipients: number;
  /** SMS parts one message takes. */
  segmentsPerMessage: number;
  /** Recipients per destination country (the audience preview); null: not known, all priced at the default. */
  destinations: DestinationCount[] | null;
  /** The price table (Configurations -> Messaging); null when not known. */
  prices: PriceTable | null;
  encoding: SmsEncoding;
  /** The campaign's own limit (messages per second), if any. */
  campaignRate: number | null;
  /** The gateway's limit shared by every campaign, if any. */
  gatewayRate: number | null;
  /** When sending starts. */
  start: Date;
}

export interface Estimate {
  totalSegments: number;
  cost: number | null;
  /** The rate the estimate assumes, in messages per second; null = as fast as the gateway goes (no estimate then). */
  rate: number | null;
  durationSeconds: number | null;
  finishAt: Date | null;
}

/**
 * Cost (per destination country: recipients x parts x the country's price for the encoding, the
 * one computation in contracts/pricing.ts) and finish time (recipients / rate, where the rate is the
 * lower of the campaign's and the gateway's limits, both in messages per second: the engine takes
 * one token per message, whatever its parts). Quiet hours and gateway slow-downs can
 * only make it later.
 */
export function estimateCampaign(input: EstimateInput): Estimate {
  const recipients = Math.max(0, input.recipients);
  const totalSegments = recipients * Math.max(0, input.segmentsPerMessage);
  const limits = [input.campaignRate, input.gatewayRate].filter((rate): rate is number => rate !== null && rate > 0);
  const rate = limits.length > 0 ? Math.min(...limits) : null;
  const durationSeconds = rate === null ? null : Math.ceil(recipients / rate);
  return {
    totalSegments,
    cost:
      input.prices === null
        ? null
        : estimateCost(input.prices, input.destinations ?? [{ country: null, recipients }], input.encoding, input.segmentsPerMessage),
    rate,
    durationSeconds,
    finishAt: durationSeconds === null ? null : new Date(input.start.getTime() + durationSeconds * 1000),
  };
}

/** The lowest and highest price of one part across the audience's countries (equal when one price applies). */
export function partPriceRange(
  prices: PriceTable,
  destinations: DestinationCount[] | null,
  encoding: SmsEncoding,
): { min: number; max: number } {
  const reached = destinations?.filter((entry) => entry.recipients > 0) ?? [];
  const list = (reached.length > 0 ? reached : [{ country: null }]).map((entry) => partPrice(prices, entry.country, encoding));
  return { min: Math.min(...list), max: Math.max(...list) };
}

/** A duration split for display: whole days, hours, minutes and (under a minute only) seconds. */
export function durationParts(totalSeconds: number): Array<{ unit: 'day' | 'hour' | 'minute' | 'second'; value: number }> {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return [{ unit: 'second', value: seconds }];
  const minutes = Math.ceil(seconds / 60);
  const parts = [
    { unit: 'day' as const, value: Math.floor(minutes / 1440) },
    { unit: 'hour' as const, value: Math.floor((minutes % 1440) / 60) },
    { unit: 'minute' as const, value: minutes % 60 },
  ];
  return parts.filter((part) => part.value > 0);
}

/** "2 hr, 5 min" in the interface language. */
export function formatDuration(totalSeconds: number, language: string): string {
  const parts = durationParts(totalSeconds).map(({ unit, value }) =>
    new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'short' }).format(value),
  );
  return new Intl.ListFormat(intlLocale(language), { style: 'narrow', type: 'unit' }).format(parts);
}
