import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './lists.ts';
import { SUBJECTS, type Subject } from './policy.ts';

/**
 * The actions the platform records (dotted verbs, `<area>.<what>`), for the filter's choices and
 * translated labels. The log itself accepts any action: an entry whose action is not listed here
 * still shows, under its raw name.
 */
export const AUDIT_ACTIONS = [
  'user.login',
  'user.login_failed',
  'user.login_refused',
  'user.logout',
  'user.register',
  'user.update',
  'user.role_change',
  'user.delete',
  'contact.create',
  'contact.update',
  'contact.delete',
  'contacts.bulk',
  'contacts.export',
  'import.upload',
  'import.start',
  'import.cancel',
  'import.errors_export',
  'campaign.create',
  'campaign.update',
  'campaign.delete',
  'campaign.duplicate',
  'campaign.launch',
  'campaign.pause',
  'campaign.resume',
  'campaign.cancel',
  'campaign.test_send',
  'campaign.auto_pause',
  'campaign.fail',
  'brand.update',
  'brand.reset',
  'brand.logo.upload',
  'brand.logo.remove',
  'brand.favicon.upload',
  'brand.favicon.remove',
  'brand.login_background.upload',
  'brand.login_background.remove',
  'gateway.create',
  'gateway.update',
  'gateway.delete',
  'api_key.create',
  'api_key.update',
  'api_key.revoke',
  /** A key's secret replaced (`details.overlapHours`: how long the old one keeps working). */
  'api_key.rotate',
  /** A key's scopes changed (`details.from`, `details.to`). */
  'api_key.scopes',
  'webhook.create',
  'webhook.update',
  /** An endpoint's signing secret replaced (`details.overlapHours`: how long both sign). */
  'webhook.rotate_secret',
  /** An endpoint turned on again by an administrator (its halted deliveries queued again). */
  'webhook.enable',
  'webhook.delete',
  'template.create',
  'template.update',
  'template.delete',
  'segment.create',
  'segment.update',
  'segment.delete',
  /** A message sent through the integration API (actor: the key, by name). */
  'message.api_send',
  /** A scheduled message cancelled through the integration API before any gateway had it (actor: the key, by name). */
  'message.api_cancel',
  /** A contact created or changed through the integration API (actor: the key, by name). */
  'contact.api_upsert',
  'settings.messaging.update',
  /** The monthly spending caps changed (decision 109). */
  'settings.budgets.update',
  'settings.maintenance.on',
  'settings.maintenance.off',
  'settings.public_site.update',
  /** Sending held by an administrator (decision 072). */
  'sending.hold',
  /** Sending resumed after a restore or a hold: campaigns paused by it go on. */
  'sending.resume',
  'backup.create',
  /** A backup that failed (the disk full, no permission, the database lost): `details.error` says why. */
  'backup.failed',
  /** The passphrase of encrypted backups set or removed (`details.encrypted`; never the passphrase). */
  'backup.passphrase',
  'subscription.confirm',
  'subscription.unsubscribe',
  'web_message.reply',
  'audit_log.export',
  'reports.export',
  /** A 403: one entry per actor (or address), route and minute, `details.count` refusals in it. */
  'access.denied',
  /** Keyword rules (decision 104): created, changed (enabled or disabled too), deleted, put in a new order. */
  'keyword_rule.create',
  'keyword_rule.update',
  'keyword_rule.delete',
  'keyword_rule.reorder',
  /** Campaign approval (decision 101): sent for approval, approved, rejected (`details.comment`), withdrawn. */
  'campaign.approval_request',
  'campaign.approve',
  'campaign.reject',
  'campaign.approval_withdraw',
  'settings.campaign_approval_update',
  /** A conversation's status, assignee, labels or priority changed (`details`: the change). */
  'conversation.update',
  /** The tickets settings changed (`details.autoAssign`). */
  'tickets.settings_update',
  /** A user set their own availability for new conversations. */
  'user.availability',
  /** Internal notes on contacts (`subjectId`: the note; `details.contactId`). */
  'note.create',
  'note.update',
  'note.delete',
  'followers.export',
  'gallery.upload',
  'gallery.update',
  'gallery.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Subjects an entry can name: the policy's, without the `all` wildcard. */
export const AUDIT_SUBJECTS = SUBJECTS.filter((subject): subject is Exclude<Subject, 'all'> => subject !== 'all');

/** Longest free-text search of the log. */
export const AUDIT_SEARCH_MAX = 200;

/** A calendar date ('2026-01-31', the whole day in UTC) or a date-time with offset. */
const dateOrDateTime = (field: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${field} must be a date (YYYY-MM-DD) or an ISO date-time` });

/** Start of a bound in milliseconds, for checking that `from` is not after `to`. */
const boundMs = (value: string, end: boolean) =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) + (end && value.length === 10 ? 86_400_000 : 0);

const filterFields = {
  actor: z.uuid('actor must be a user id').optional(),
  action: z
    .string()
    .trim()
    .max(100, 'action must be at most 100 characters')
    .regex(/^[a-z0-9_.]+$/, 'action may contain lower-case letters, digits, _ and . only')
    .optional(),
  subject: z.enum(AUDIT_SUBJECTS, { error: `subject must be one of ${AUDIT_SUBJECTS.join(', ')}` }).optional(),
  from: dateOrDateTime('from').optional(),
  to: dateOrDateTime('to').optional(),
  search: z.string().trim().max(AUDIT_SEARCH_MAX, `search must be at most ${AUDIT_SEARCH_MAX} characters`).optional(),
};

const rangeInOrder = (filter: { from?: string | undefined; to?: string | undefined }) =>
  !filter.from || !filter.to || boundMs(filter.from, false) < boundMs(filter.to, true);
const rangeError = { message: 'from must be before to', path: ['from'] };

/**
 * Which entries a list or an export covers. `actor`: a user id. `action`: one action, or every
 * action of an area when it ends with a dot (`campaign.`). `from` / `to`: inclusive (a date-only
 * `to` includes that day). `search`: part of the actor's name or email, the action, the subject id
 * or the IP address, case-insensitively.
 */
export const auditLogFilterSchema = z.object(filterFields).refine(rangeInOrder, rangeError);
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** GET /api/audit-log: the filter plus paging, newest first. */
export const auditLogQuerySchema = pageQuerySchema.extend(filterFields).refine(rangeInOrder, rangeError);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One audit entry as the API presents it. The actor is a copy kept when the account is deleted. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  subject: z.string(),
  subjectId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = listResponseSchema(auditEntrySchema);
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** Columns of the CSV export, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'at',
  'actor_name',
  'actor_email',
  'actor_id',
  'action',
  'subject',
  'subject_id',
  'ip',
  'details',
] as const;
