import type { Webhook, WebhookEvent } from '@sms/contracts/webhooks';
import type { DeliveryRow, WebhookRow } from './webhooks.queries.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** An endpoint as the staff API shows it (never its secret). */
export const presentWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  description: row.description,
  active: row.active,
  previousSecretExpiresAt: iso(row.previous_secret_expires_at),
  createdAt: iso(row.created_at) ?? '',
  disabledAt: iso(row.disabled_at),
  disabledReason: row.disabled_reason,
});

/** One delivery of the log. */
export const presentDelivery = (row: DeliveryRow) => ({
  id: String(row.id),
  eventId: row.event_id,
  type: row.event_type as WebhookEvent,
  status: row.status,
  attempts: Number(row.attempts),
  statusCode: row.last_status_code === null ? null : Number(row.last_status_code),
  durationMs: row.last_duration_ms === null ? null : Number(row.last_duration_ms),
  error: row.last_error,
  response: row.last_response,
  createdAt: iso(row.created_at) ?? '',
  lastAttemptAt: iso(row.last_attempt_at),
  deliveredAt: iso(row.delivered_at),
});
