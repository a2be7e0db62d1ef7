import { useColorScheme } from '@mui/material/styles';
import type { User } from '@sms/contracts/users';
import { useCallback } from 'react';
import { setLanguage } from '../i18n/i18n';
import { useCustomizer } from '../theme/use-customizer';

/**
 * Applies an account's saved display preferences to this browser: language first (it resets the
 * direction to the language's own), then the chosen direction, colour theme and mode. Choices
 * left unset keep what this browser has.
 */
export function usePreferenceApplier(): (user: Pick<User, 'locale' | 'preferences'>) => Promise<void> {
  const { update } = useCustomizer();
  const { setMode } = useColorScheme();
  return useCallback(
    async ({ locale, preferences }) => {
      await setLanguage(locale);
      const changes: Parameters<typeof update>[0] = {};
      if (preferences.direction) changes.direction = preferences.direction;
      if (preferences.colorTheme) changes.theme = preferences.colorTheme;
      if (Object.keys(changes).length > 0) update(changes);
      if (preferences.mode) setMode(preferences.mode);
    },
    [update, setMode],
  );
}
