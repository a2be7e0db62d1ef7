import { securitySettingsSchema, type SecuritySettings } from '@sms/contracts/security-settings';

/** The Security tab's inputs; numbers stay text while typed, '' lifetime = TOKEN_TTL. */
export interface SecurityFormValues {
  registration: string;
  tokenLifetime: string;
  minPasswordLength: string;
  twoStepRequirement: string;
  /** '' = none (links are paths only). */
  publicAddress: string;
}

/** Session lifetimes offered (seconds), from 15 minutes to 30 days. */
export const LIFETIME_PRESETS = [
  900,
  1800,
  3600,
  2 * 3600,
  4 * 3600,
  8 * 3600,
  12 * 3600,
  24 * 3600,
  7 * 24 * 3600,
  30 * 24 * 3600,
] as const;

export const securityFormValues = (settings: SecuritySettings): SecurityFormValues => ({
  registration: settings.registration,
  tokenLifetime: settings.tokenLifetimeSeconds === null ? '' : String(settings.tokenLifetimeSeconds),
  minPasswordLength: String(settings.minPasswordLength),
  twoStepRequirement: settings.twoStepRequirement,
  publicAddress: settings.publicAddress ?? '',
});

/** Checks the inputs with the shared settings schema; errors keyed by field. */
export function validateSecurityForm(
  values: SecurityFormValues,
): { output: SecuritySettings } | { errors: Partial<Record<keyof SecurityFormValues, string>> } {
  const length = /^\d+$/.test(values.minPasswordLength.trim()) ? Number(values.minPasswordLength) : Number.NaN;
  const parsed = securitySettingsSchema.safeParse({
    registration: values.registration,
    tokenLifetimeSeconds: values.tokenLifetime === '' ? null : Number(values.tokenLifetime),
    minPasswordLength: length,
    twoStepRequirement: values.twoStepRequirement,
    publicAddress: values.publicAddress.trim() === '' ? null : values.publicAddress,
  });
  if (parsed.success) return { output: parsed.data };
  const errors: Partial<Record<keyof SecurityFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'tokenLifetimeSeconds' ? 'tokenLifetime' : (issue.path[0] as keyof SecurityFormValues);
    errors[field] ??= field === 'minPasswordLength' && Number.isNaN(length) ? 'validation.wholeNumber' : issue.message;
  }
  return { errors };
}

/** Only the settings that changed. */
export function changedSecurity(saved: SecuritySettings, next: SecuritySettings): Partial<SecuritySettings> {
  const body: Partial<SecuritySettings> = {};
  for (const key of Object.keys(next) as Array<keyof SecuritySettings>)
    if (next[key] !== saved[key]) Object.assign(body, { [key]: next[key] });
  return body;
}

/** A lifetime in the largest whole unit, for labels: { value: 12, unit: 'hour' }. */
export function lifetimeParts(seconds: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  if (seconds % 86_400 === 0) return { value: seconds / 86_400, unit: 'day' };
  if (seconds % 3600 === 0) return { value: seconds / 3600, unit: 'hour' };
  return { value: Math.round(seconds / 60), unit: 'minute' };
}
