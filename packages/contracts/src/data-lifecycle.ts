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
  /** Whether the file is encrypted with the administrators' passphrase (absent in results of older versions). */
  encrypted: z.boolean().optional(),
});
export type BackupResult = z.infer<typeof backupResultSchema>;

/**
 * Encrypted backups (Configurations -> Maintenance, admins): scheduled backups, "Back up now" and
 * "Download latest" are encrypted with this passphrase. It protects the files once they leave the
 * machine, not the live database; it is kept in the settings (the schedule needs it) and never
 * written into a backup.
 */
export const BACKUP_PASSPHRASE_MIN_LENGTH = 12;
export const backupPassphraseSchema = z.object({
  /** The new passphrase; null stops encrypting. */
  passphrase: z
    .string()
    .min(BACKUP_PASSPHRASE_MIN_LENGTH, `The passphrase must be at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters`)
    .max(1024, 'The passphrase must be at most 1024 characters')
    .nullable(),
});
export type BackupPassphrase = z.infer<typeof backupPassphraseSchema>;

/**
 * off: backups are not encrypted; on: they are, with the passphrase set at `setAt`; missing: they
 * should be, but this installation has no passphrase (restored from a backup, which never holds
 * it): backups fail until an administrator sets it again or turns encryption off.
 */
export const backupEncryptionSchema = z.object({ state: z.enum(['off', 'on', 'missing']), setAt: z.string().nullable() });
export type BackupEncryption = z.infer<typeof backupEncryptionSchema>;

export const backupsStatusSchema = z.object({
  schedule: backupScheduleSchema,
  directory: z.string(),
  lastResult: backupResultSchema.nullable(),
  encryption: backupEncryptionSchema,
  files: z.array(z.object({ name: z.string(), bytes: z.number(), at: z.string(), encrypted: z.boolean() })),
});
export type BackupsStatus = z.infer<typeof backupsStatusSchema>;
