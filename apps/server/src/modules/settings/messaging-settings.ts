import {
  DEFAULT_MESSAGING_SETTINGS,
  keywordClash,
  keywordClashMessage,
  messagingSettingsSchema,
  type MessagingSettings,
} from '@sms/contracts/messaging-settings';
import type { Db, Executor } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import { Rechecked } from '../../platform/rechecked.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';

/**
 * The organisation's messaging defaults (time zone for quiet hours and schedules, default
 * country, price per segment). Stored as one JSON setting; values a newer release adds fall back
 * to their defaults, and a stored value that no longer validates is ignored field by field.
 */
export async function getMessagingSettings(db: Executor): Promise<MessagingSettings> {
  const stored = (await getSetting<Partial<MessagingSettings>>(db, SETTING_KEYS.messaging)) ?? {};
  const merged: Record<string, unknown> = { ...DEFAULT_MESSAGING_SETTINGS };
  for (const [key, value] of Object.entries(stored)) {
    const field = messagingSettingsSchema.shape[key as keyof MessagingSettings];
    if (field?.safeParse(value).success) merged[key] = value;
  }
  // Settings saved before the price table had one price for every part: it stays the Unicode price too.
  if (stored.pricePerSegmentUcs2 === undefined) merged.pricePerSegmentUcs2 = merged.pricePerSegment;
  return merged as MessagingSettings;
}

/** Saves a partial change and answers the whole settings. */
export async function updateMessagingSettings(db: Executor, patch: Partial<MessagingSettings>): Promise<MessagingSettings> {
  const next = { ...(await getMessagingSettings(db)), ...patch };
  const clash = keywordClash(next);
  if (clash) throw new ValidationError(clash.field, keywordClashMessage(clash));
  await putSetting(db, SETTING_KEYS.messaging, next);
  // Again after the commit (the callers do): a read racing with this one may have kept the old value.
  forgetMessagingSettings();
  return next;
}

/**
 * The messaging settings for hot paths (API sends of national numbers), trusted for 2 s; a change
 * in this process forgets them, other processes see it within 2 s (decision 045).
 */
const cachedSettings = new Rechecked<'messaging', MessagingSettings>(2_000, (db) => getMessagingSettings(db));

export const messagingSettingsForSending = (db: Db): Promise<MessagingSettings> => cachedSettings.get(db, 'messaging');

/** Forgets the cached messaging settings of this process (after a change commits). */
export const forgetMessagingSettings = (): void => cachedSettings.forget();
