import { passwordSchemaWithMin } from '@sms/contracts/passwords';
import {
  DEFAULT_SECURITY_SETTINGS,
  securitySettingsSchema,
  twoStepRequiredFor,
  type SecuritySettings,
  type UpdateSecuritySettingsBody,
} from '@sms/contracts/security-settings';
import type { Executor } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import { getRegistrationMode, getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';

type StoredSecurity = Omit<SecuritySettings, 'registration'>;

/**
 * Configurations -> Security. The registration mode keeps its own setting (read by registration
 * and the sign-in pages); the rest is one JSON setting whose fields are checked one by one, so a
 * stored value a later release no longer accepts falls back to its default.
 */
export async function getSecuritySettings(db: Executor): Promise<SecuritySettings> {
  const stored = (await getSetting<Partial<StoredSecurity>>(db, SETTING_KEYS.security)) ?? {};
  const merged: Record<string, unknown> = { ...DEFAULT_SECURITY_SETTINGS, registration: await getRegistrationMode(db) };
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'registration') continue;
    const field = securitySettingsSchema.shape[key as keyof SecuritySettings];
    if (field?.safeParse(value).success) merged[key] = value;
  }
  return merged as SecuritySettings;
}

/** Saves a partial change and answers the whole settings. */
export async function updateSecuritySettings(db: Executor, patch: UpdateSecuritySettingsBody): Promise<SecuritySettings> {
  const { registration, ...rest } = { ...(await getSecuritySettings(db)), ...patch };
  if (patch.registration !== undefined) await putSetting(db, SETTING_KEYS.registration, { mode: registration });
  await putSetting(db, SETTING_KEYS.security, rest);
  return { registration, ...rest };
}

/** The session lifetime admins set, or null for TOKEN_TTL. */
export async function tokenLifetimeOverride(db: Executor): Promise<number | null> {
  return (await getSecuritySettings(db)).tokenLifetimeSeconds;
}

/**
 * Where links in account messages point: PUBLIC_URL, else the public address an admin set (or
 * the first admin's browser at setup), else null (links are paths only). Never a request's Host.
 */
export async function publicAddressOf(db: Executor, publicUrl: string | undefined): Promise<string | null> {
  return publicUrl ?? (await getSecuritySettings(db)).publicAddress;
}

/** Whether an account with this role must use two-step verification. */
export async function twoStepRequiredForRole(db: Executor, role: string): Promise<boolean> {
  return twoStepRequiredFor((await getSecuritySettings(db)).twoStepRequirement, role);
}

/**
 * Enforces the password rules with the configured minimum length (request schemas check the
 * built-in 8-128 characters; admins may ask for more). 400 on `field` with the rule's message.
 */
export async function assertPasswordAllowed(db: Executor, password: string, field = 'password'): Promise<void> {
  const { minPasswordLength } = await getSecuritySettings(db);
  const result = passwordSchemaWithMin(minPasswordLength).safeParse(password);
  if (!result.success) throw new ValidationError(field, result.error.issues[0]?.message ?? 'password is not allowed');
}
