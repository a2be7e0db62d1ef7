import { z } from 'zod';

/**
 * The data lifecycle (docs/decisions/060-data-lifecycle.md): erasing a contact, exporting what is
 * held about one, retention of old data, and scheduled backups.
 */

/** POST /api/contacts/{id}/erase: what the erasure removed (the contact itself is gone). */
export const eraseContactResponseSchema = z.object({
  erased: z.literal(true),
  /** Messages to the contact kept for the campaigns' figures, with number and text removed. */
  messagesAnonymised: z.number().int(),
  /** Replies and other inbound messages from the contact, anonymised. */
  inboundAnonymised: z.number().int(),
  /** Whether the number went on the suppression list as opted out (never imported again). */
  suppressed: z.boolean(),
});
export type EraseContactResponse = z.infer<typeof eraseContactResponseSchema>;

/** GET /api/contacts/{id}/personal-data: the bundle as JSON, or its messages as CSV. */
/** zip (the default): contact.json, consents.csv and messages.csv in one bundle; json or csv alone. */
export const personalDataQuerySchema = z.object({ format: z.enum(['zip', 'json', 'csv']).default('zip') });

/** Per-row reason of an import row whose number was erased while opted out. */
export const ERASED_NUMBER_REASON =
  'Erased number: this person asked to be erased and had opted out, so the number cannot be imported again';
/** The code of a 409 when a form or the integration API adds, or texts, such a number. */
export const ERASED_NUMBER_CODE = 'PHONE_ERASED';
/** Its message: only the person can start again, by subscribing on the public site (their own, new consent). */
export const ERASED_NUMBER_MESSAGE =
  'This number was erased at its owner’s request after opting out: it cannot be added or messaged again. The person can subscribe again on the public site.';

/** Retention (Configurations -> Maintenance, admins): days, null = keep for ever. */
export const RETENTION_LIMITS = { auditMinDays: 90, maxDays: 3650 } as const;
const days = z.number().int().min(1).max(RETENTION_LIMITS.maxDays).nullable();
export const retentionSettingsSchema = z.object({
  /** Message texts (bodies, reply texts) removed after this many days; statuses and counts stay. */
  messageBodyDays: days,
  /** Import rejection lists and finished imports' uploaded files removed after this many days. */
  importFileDays: days,
  /** Audit entries removed after this many days (at least 90). */
  auditLogDays: z.number().int().min(RETENTION_LIMITS.auditMinDays).max(RETENTION_LIMITS.maxDays).nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
export const DEFAULT_RETENTION: RetentionSettings = { messageBodyDays: null, importFileDays: null, auditLogDays: null };

/** Scheduled backups (Configurations -> Maintenance, admins). */
export const backupScheduleSchema = z.object({
  enabled: z.boolean(),
  /** Hour of the day (server time, UTC) the daily backup runs. */
  hour: z.number().int().min(0).max(23),
  /** Backups kept; older ones are removed after a successful backup. */
  keep: z.number().int().min(1).max(365),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;
export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: false, hour: 2, keep: 7 };

export const backupResultSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  error: z.string().nullable(),
});
export type BackupResult = z.infer<typeof backupResultSchema>;

export const backupsStatusSchema = z.object({
  schedule: backupScheduleSchema,
  directory: z.string(),
  lastResult: backupResultSchema.nullable(),
  files: z.array(z.object({ name: z.string(), bytes: z.number(), at: z.string() })),
});
export type BackupsStatus = z.infer<typeof backupsStatusSchema>;
