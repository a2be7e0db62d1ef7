import type { ConsentRecord } from '@sms/contracts/public-site';
import type { ConsentRow } from './subscriptions.queries.ts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A consent record as the API shows it. */
export function presentConsent(row: ConsentRow): ConsentRecord {
  return {
    id: row.id,
    action: row.action,
    source: row.source,
    at: iso(row.at),
    ip: row.ip,
    userAgent: row.user_agent,
    consentText: row.consent_text,
    topics: row.topics,
  };
}

/** A code message the simulator received. */
export function presentSimulatorMessage(row: { phone: string; body: string; queued_at: Date | string }) {
  return { phone: row.phone, body: row.body, queuedAt: iso(row.queued_at) };
}
