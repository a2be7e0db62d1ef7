import { updatePreferencesBodySchema } from '@sms/contracts/preferences';
import { describe, expect, it } from 'vitest';
import { preferencesBody, preferencesFormValues } from './preferences-values';

describe('preferences form values', () => {
  it('shows unset choices as empty and sends them back as null', () => {
    const values = preferencesFormValues({ locale: 'fr', preferences: { direction: null, mode: 'dark', colorTheme: null } });
    expect(values).toEqual({ locale: 'fr', direction: '', mode: 'dark', colorTheme: '' });
    expect(preferencesBody(values)).toEqual({ locale: 'fr', direction: null, mode: 'dark', colorTheme: null });
  });

  it('is checked by the shared schema', () => {
    expect(
      updatePreferencesBodySchema.safeParse(preferencesBody({ locale: 'ar', direction: 'rtl', mode: 'system', colorTheme: 'GREEN_THEME' }))
        .success,
    ).toBe(true);
    expect(
      updatePreferencesBodySchema.safeParse(preferencesBody({ locale: 'de', direction: '', mode: '', colorTheme: '' })).error?.issues[0]
        ?.path,
    ).toEqual(['locale']);
  });
});
