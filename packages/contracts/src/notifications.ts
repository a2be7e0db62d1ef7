import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';

export * from './notification-kinds.ts';

/**
 * One notification. `params` carry what the text needs (names, counts, the pause reason code),
 * translated by the web app; `subjectId` is the import, campaign or gateway the link opens.
 */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  subjectId: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Why a campaign paused itself (campaign_paused): the campaign's status reason, with its English sentence. */
  reason: z.object({ code: z.string(), params: z.record(z.string(), z.unknown()), message: z.string() }).nullable(),
  /** Replies batched into this notification (1 for every other kind). */
  count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

export const notificationListResponseSchema = z.object({ data: z.array(notificationSchema), unread: z.number().int() });
export const unreadCountResponseSchema = z.object({ unread: z.number().int() });
export const notificationParamsSchema = z.object({ id: z.uuid() });

/** Per kind: shown in the app (the bell) and/or sent by e-mail (when the server has SMTP). */
export const notificationChannelSchema = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannelSchema>;

export const notificationPreferencesSchema = z.object({
  kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), notificationChannelSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Unset kinds: in the app, not by e-mail. */
export const DEFAULT_CHANNELS: NotificationChannels = { inApp: true, email: false };

export const notificationPreferencesResponseSchema = z.object({
  /** Only the kinds this user's role may receive, each with its channels (defaults filled in). */
  kinds: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), email: z.boolean() })),
  /** Whether the server can send e-mail (SMTP_URL set); without it the e-mail choice is kept but unused. */
  emailAvailable: z.boolean(),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;
