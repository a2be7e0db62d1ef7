import type { AuditEntry } from '@sms/contracts/audit-log';
import type { AuditRow } from './audit-log.queries.ts';

/** An audit row as the API shows it: the actor copy grouped, null when the entry has none. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  const hasActor = row.actorId !== null || row.actorName !== null || row.actorEmail !== null;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: hasActor ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    action: row.action,
    subject: row.subject,
    subjectId: row.subjectId,
    ip: row.ip,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}
