import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What this process measures, in Prometheus' terms (decision 091): one registry per process,
 * served on METRICS_PORT by metrics-server.ts. Counters count what this process did (Prometheus
 * sums the processes); gauges read at scrape time say what is true now. Names and meanings are
 * listed in docs/operations.md; a test parses a scrape with Python's prometheus_client.
 *
 * Recording is a few additions in memory on the hot path, so it is always on; only serving it
 * needs METRICS_PORT.
 */
export const metricsRegistry = new Registry();

// Event loop lag, heap, garbage collection, CPU, open files: prom-client's defaults.
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** Latencies from a millisecond to a minute. */
const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const messagesTotal = new Counter({
  name: 'sms_messages_total',
  help: 'Messages written back by this process, by outcome: sent (handed over), failed, retried (queued again), skipped; per gateway',
  labelNames: ['status', 'gateway'] as const,
  registers,
});

export const receiptsTotal = new Counter({
  name: 'sms_receipts_total',
  help: 'Delivery receipts stored by this process, by the status they report (delivered, undelivered, failed), per gateway',
  labelNames: ['status', 'gateway'] as const,
  registers,
});

export const inboundTotal = new Counter({
  name: 'sms_inbound_total',
  help: 'Inbound messages (replies, keywords, new conversations) stored and processed by this process, per gateway',
  labelNames: ['gateway'] as const,
  registers,
});

export const submitSeconds = new Histogram({
  name: 'sms_submit_duration_seconds',
  help: 'How long a gateway took to answer one submitted batch (SMPP: every submit_sm_resp of the batch)',
  labelNames: ['gateway'] as const,
  buckets: SECONDS,
  registers,
});

export const dispatchErrorsTotal = new Counter({
  name: 'sms_dispatch_errors_total',
  help: 'Messages the gateway refused or failed, by error code (the platform code, e.g. SMPP_ESME_RTHROTTLED)',
  labelNames: ['code', 'gateway'] as const,
  registers,
});

export const batchesInFlight = new Gauge({
  name: 'sms_batches_in_flight',
  help: 'Batches claimed by this process and not yet written back (the sending window in use)',
  registers,
});

export const receiptLagSeconds = new Histogram({
  name: 'sms_receipt_lag_seconds',
  help: 'From a delivery receipt reaching this process to it being stored (the receipts batch: at most 200 ms when all is well)',
  labelNames: ['gateway'] as const,
  buckets: SECONDS,
  registers,
});

export const replyLagSeconds = new Histogram({
  name: 'sms_reply_lag_seconds',
  help: 'From an inbound message reaching this process to it being stored and processed (matched, keywords applied)',
  labelNames: ['gateway'] as const,
  buckets: SECONDS,
  registers,
});

export const gatewayLinkUp = new Gauge({
  name: 'sms_gateway_link_up',
  help: "1 while a gateway's link (SMPP bind) in this process is connected, 0 while it retries or is refused",
  labelNames: ['gateway', 'state'] as const,
  registers,
});

export const importRowsTotal = new Counter({
  name: 'sms_import_rows_total',
  help: 'Contact rows written by imports in this process (rate() gives rows per second)',
  labelNames: ['outcome'] as const,
  registers,
});

export const webhookDeliveriesTotal = new Counter({
  name: 'sms_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered (a 2xx answer), retry (no answer, 5xx or 429: tried again later), failed (given up)',
  labelNames: ['outcome'] as const,
  registers,
});

export const passwordVerificationsTotal = new Counter({
  name: 'sms_password_verifications_total',
  help: 'argon2 password verifications by outcome (a sign-in with an unknown email verifies a dummy hash: a mismatch); a surge of mismatches is password guessing',
  labelNames: ['outcome'] as const,
  registers,
});

export const httpRequestSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'API answers by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: SECONDS,
  registers,
});

/** Seconds since `since` (a Date or epoch milliseconds), never negative. */
export function secondsSince(since: Date | number, now = Date.now()): number {
  return Math.max(0, (now - (since instanceof Date ? since.getTime() : since)) / 1000);
}

/** A gateway's link changed in this process (null: closed, its series removed). */
export function recordLinkState(gatewayId: string, state: 'connected' | 'retrying' | 'refused' | null): void {
  for (const known of ['connected', 'retrying', 'refused'] as const) gatewayLinkUp.remove({ gateway: gatewayId, state: known });
  if (state) gatewayLinkUp.set({ gateway: gatewayId, state }, state === 'connected' ? 1 : 0);
}

/** What a write-back stored: each message's status ('queued' again is a retry) and the errors by code. */
export function recordOutcomes(gatewayId: string, outcomes: ReadonlyArray<{ status: string; errorCode: string | null }>): void {
  const byStatus = new Map<string, number>();
  const byCode = new Map<string, number>();
  for (const { status, errorCode } of outcomes) {
    const named = status === 'queued' ? 'retried' : status;
    byStatus.set(named, (byStatus.get(named) ?? 0) + 1);
    if (errorCode && status !== 'skipped') byCode.set(errorCode, (byCode.get(errorCode) ?? 0) + 1);
  }
  for (const [status, n] of byStatus) messagesTotal.inc({ status, gateway: gatewayId }, n);
  for (const [code, n] of byCode) dispatchErrorsTotal.inc({ code, gateway: gatewayId }, n);
}

/** One written batch of an import: contacts created, updated, and duplicates left alone. */
export function recordImportRows(batch: { created: number; updated: number; duplicates: number }): void {
  if (batch.created) importRowsTotal.inc({ outcome: 'created' }, batch.created);
  if (batch.updated) importRowsTotal.inc({ outcome: 'updated' }, batch.updated);
  if (batch.duplicates) importRowsTotal.inc({ outcome: 'duplicate' }, batch.duplicates);
}

/**
 * A gateway's receipt and inbound series, resolved once: the hot path (one push per SMPP
 * deliver_sm) then adds to them without hashing label objects each time.
 */
const eventSeries = new Map<
  string,
  {
    receiptLag: ReturnType<typeof receiptLagSeconds.labels>;
    replyLag: ReturnType<typeof replyLagSeconds.labels>;
    inbound: ReturnType<typeof inboundTotal.labels>;
    receiptsStored: (receipts: ReadonlyArray<{ status: string }>) => void;
  }
>();

export function gatewayEventMetrics(gatewayId: string) {
  let series = eventSeries.get(gatewayId);
  if (!series) {
    const byStatus = new Map<string, ReturnType<typeof receiptsTotal.labels>>();
    series = {
      receiptLag: receiptLagSeconds.labels({ gateway: gatewayId }),
      replyLag: replyLagSeconds.labels({ gateway: gatewayId }),
      inbound: inboundTotal.labels({ gateway: gatewayId }),
      // Counted per status once per stored batch.
      receiptsStored: (receipts) => {
        const counts = new Map<string, number>();
        for (const { status } of receipts) counts.set(status, (counts.get(status) ?? 0) + 1);
        for (const [status, n] of counts) {
          let counter = byStatus.get(status);
          if (!counter) byStatus.set(status, (counter = receiptsTotal.labels({ status, gateway: gatewayId })));
          counter.inc(n);
        }
      },
    };
    eventSeries.set(gatewayId, series);
  }
  return series;
}
