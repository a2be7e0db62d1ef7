import { RETENTION_LIMITS, type RetentionSettings } from '@sms/contracts/data-lifecycle';
import type { Executor } from '../../db/client.ts';
import { clearInboundBodies, clearMessageBodies, deleteAuditEntries, deleteImportRejections } from './retention.queries.ts';

/** Rows per statement: small enough that a sweep never holds the database for long. */
export const RETENTION_BATCH = 5_000;

export interface RetentionOutcome {
  messageBodies: number;
  inboundBodies: number;
  importRejections: number;
  auditEntries: number;
}

/** Runs one statement until it changes nothing more (or the sweep's budget of batches is spent). */
async function drain(step: () => Promise<number>, budget: number): Promise<number> {
  let total = 0;
  for (let round = 0; round < budget; round++) {
    const count = await step();
    total += count;
    if (count === 0) break;
  }
  return total;
}

/**
 * Applies the retention settings in small batches. Reports keep their figures: they count
 * statuses and replies (kept), never texts; an import's counts live on the import row (kept).
 */
export async function applyRetention(
  db: Executor,
  settings: RetentionSettings,
  batch = RETENTION_BATCH,
  budget = 200,
): Promise<RetentionOutcome> {
  const outcome: RetentionOutcome = { messageBodies: 0, inboundBodies: 0, importRejections: 0, auditEntries: 0 };
  if (settings.messageBodyDays !== null) {
    const days = settings.messageBodyDays;
    outcome.messageBodies = await drain(() => clearMessageBodies(db, days, batch), budget);
    outcome.inboundBodies = await drain(() => clearInboundBodies(db, days, batch), budget);
  }
  if (settings.importFileDays !== null) {
    const days = settings.importFileDays;
    outcome.importRejections = await drain(() => deleteImportRejections(db, days, batch), budget);
  }
  if (settings.auditLogDays !== null) {
    const days = Math.max(RETENTION_LIMITS.auditMinDays, settings.auditLogDays);
    outcome.auditEntries = await drain(() => deleteAuditEntries(db, days, batch), budget);
  }
  return outcome;
}
