import {
  DEFAULT_PUBLIC_SITE_SETTINGS,
  PUBLIC_SITE_OFF_CODE,
  TOPIC_TAGS,
  publicSiteSettingsSchema,
  type PublicSiteSettings,
  type PublicSiteView,
} from '@sms/contracts/public-site';
import type { Executor } from '../../db/client.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';

/**
 * The public site's settings, one JSON setting: values a newer release adds fall back to their
 * defaults, and a stored value that no longer validates is ignored field by field.
 */
export async function getPublicSiteSettings(db: Executor): Promise<PublicSiteSettings> {
  const stored = (await getSetting<Partial<PublicSiteSettings>>(db, SETTING_KEYS.publicSite)) ?? {};
  const merged: Record<string, unknown> = { ...DEFAULT_PUBLIC_SITE_SETTINGS };
  for (const [key, value] of Object.entries(stored)) {
    const field = publicSiteSettingsSchema.shape[key as keyof PublicSiteSettings];
    if (field?.safeParse(value).success) merged[key] = value;
  }
  return merged as PublicSiteSettings;
}

/** Saves a partial change and answers the whole settings. Two topics may not claim the same tag value. */
export async function updatePublicSiteSettings(db: Executor, patch: Partial<PublicSiteSettings>): Promise<PublicSiteSettings> {
  const next = { ...(await getPublicSiteSettings(db)), ...patch };
  const seen = new Set<string>();
  for (const topic of next.topics) {
    const key = `${topic.tag}\u0000${topic.value.toLowerCase()}`;
    if (seen.has(key))
      throw new ValidationError('topics', `Two topics use ${topic.tag} = ${topic.value}: give each topic its own tag value`);
    seen.add(key);
  }
  await putSetting(db, SETTING_KEYS.publicSite, next);
  return next;
}

/** What visitors see: nothing of the organisation while the site is off. */
export function presentPublicSite(settings: PublicSiteSettings): PublicSiteView {
  if (!settings.enabled) return { enabled: false };
  return {
    enabled: true,
    introduction: settings.introduction,
    about: settings.about,
    contactDetails: settings.contactDetails,
    consentText: settings.consentText,
    topics: settings.topics.map(({ id, tag, title, description, frequency }) => ({
      id,
      group: TOPIC_TAGS.indexOf(tag) + 1,
      title,
      description,
      frequency,
    })),
    pricingVisible: settings.pricingVisible,
  };
}

/** The settings when the site is on; a 404 PUBLIC_SITE_OFF otherwise (every /api/public call but the site's own status). */
export async function requirePublicSiteOn(db: Executor): Promise<PublicSiteSettings> {
  const settings = await getPublicSiteSettings(db);
  if (!settings.enabled) throw new AppError(404, 'The public site is switched off', PUBLIC_SITE_OFF_CODE);
  return settings;
}
