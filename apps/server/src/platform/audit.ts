import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** Someone who did something; null for anonymous visitors (e.g. a failed sign-in). */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
}

/** Who asked for an audited change and from where: the input of every audited service function. */
export interface Command {
  actor: AuditActor;
  ip: string;
}

export interface AuditEntry {
  actor: AuditActor | null;
  /** Dotted verb, e.g. `user.login`, `user.login_failed`, `user.update`. */
  action: string;
  /** Policy subject the action touched, e.g. `User`. */
  subject: string;
  subjectId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends an audit entry. Pass the transaction that made the change so the entry commits (or
 * rolls back) with it. Name and email are copied so the entry survives account deletion.
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    subject: entry.subject,
    subjectId: entry.subjectId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
