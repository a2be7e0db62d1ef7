import { RETENTION_LIMITS, type RetentionSettings } from '@sms/contracts/data-lifecycle';
import type { Executor } from '../../db/client.ts';
import { clearOldEmailBodies, deleteOldEmailLog } from '../email-log/index.ts';
import { clearInboundBodies, clearMessageBodies, deleteAuditEntries, deleteImportRejections } from './retention.queries.ts';

/** Rows per statement: small enough that a sweep never holds the database for long. */
export const RETENTION_BATCH = 5_000;

export interface RetentionOutcome {
  messageBodies: number;
  inboundBodies: number;
  importRejections: number;
  auditEntries: number;
  /** E-mail log: texts cleared with the message texts, entries removed with the audit entries (decision 103). */
  emailBodies: number;
  emailLogEntries: number;
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
  const outcome: RetentionOutcome = {
    messageBodies: 0,
    inboundBodies: 0,
    importRejections: 0,
    auditEntries: 0,
    emailBodies: 0,
    emailLogEntries: 0,
  };
  if (settings.messageBodyDays !== null) {
    const days = settings.messageBodyDays;
    outcome.messageBodies = await drain(() => clearMessageBodies(db, days, batch), budget);
    outcome.inboundBodies = await drain(() => clearInboundBodies(db, days, batch), budget);
    outcome.emailBodies = await drain(() => clearOldEmailBodies(db, days, batch), budget);
  }
  if (settings.importFileDays !== null) {
    const days = settings.importFileDays;
    outcome.importRejections = await drain(() => deleteImportRejections(db, days, batch), budget);
  }
  if (settings.auditLogDays !== null) {
    const days = Math.max(RETENTION_LIMITS.auditMinDays, settings.auditLogDays);
    outcome.auditEntries = await drain(() => deleteAuditEntries(db, days, batch), budget);
    outcome.emailLogEntries = await drain(() => deleteOldEmailLog(db, days, batch), budget);
  }
  return outcome;
}
