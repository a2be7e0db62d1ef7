import type { User } from '@sms/contracts/users';

/** The preferences form's inputs: '' means "not set" (each browser keeps its own choice). */
export interface PreferencesFormValues {
  locale: string;
  direction: string;
  mode: string;
  colorTheme: string;
}

/** The saved preferences as form values. */
export const preferencesFormValues = (user: Pick<User, 'locale' | 'preferences'>): PreferencesFormValues => ({
  locale: user.locale,
  direction: user.preferences.direction ?? '',
  mode: user.preferences.mode ?? '',
  colorTheme: user.preferences.colorTheme ?? '',
});

/** The form's values as the PUT body ('' -> null), to be checked by the shared schema. */
export const preferencesBody = (values: PreferencesFormValues): Record<keyof PreferencesFormValues, string | null> => ({
  locale: values.locale,
  direction: values.direction || null,
  mode: values.mode || null,
  colorTheme: values.colorTheme || null,
});
