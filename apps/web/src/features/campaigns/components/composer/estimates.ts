export interface EstimateInput {
  /** Contacts the audience reaches (opted-out ones excluded). */
  recipients: number;
  /** SMS parts one message takes. */
  segmentsPerMessage: number;
  /** Price of one part; null when not known. */
  pricePerSegment: number | null;
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
  /** The rate the estimate assumes; null = as fast as the gateway goes (no estimate then). */
  rate: number | null;
  durationSeconds: number | null;
  finishAt: Date | null;
}

/**
 * Cost (recipients x parts x price) and finish time (recipients x parts / rate, where the rate is
 * the lower of the campaign's and the gateway's limits). Quiet hours and gateway slow-downs can
 * only make it later.
 */
export function estimateCampaign(input: EstimateInput): Estimate {
  const recipients = Math.max(0, input.recipients);
  const totalSegments = recipients * Math.max(0, input.segmentsPerMessage);
  const limits = [input.campaignRate, input.gatewayRate].filter((rate): rate is number => rate !== null && rate > 0);
  const rate = limits.length > 0 ? Math.min(...limits) : null;
  const durationSeconds = rate === null ? null : Math.ceil(totalSegments / rate);
  return {
    totalSegments,
    cost: input.pricePerSegment === null ? null : totalSegments * input.pricePerSegment,
    rate,
    durationSeconds,
    finishAt: durationSeconds === null ? null : new Date(input.start.getTime() + durationSeconds * 1000),
  };
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
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value),
  );
  return new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(parts);
}
