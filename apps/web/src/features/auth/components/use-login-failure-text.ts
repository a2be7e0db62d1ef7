import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import type { LoginErrorView } from './login-error';

/** The text a sign-in form shows for a failure, in the active language (the wait in words: "in 5 minutes"). */
export function useLoginFailureText(): (view: LoginErrorView) => string {
  const { t, i18n } = useTranslation('auth');
  return useCallback(
    (view: LoginErrorView) => {
      if ('text' in view) return view.text;
      if (view.key === 'throttled' || view.key === 'locked') {
        if (!view.delay) return t(view.key === 'locked' ? 'login.errors.lockedLater' : 'login.errors.throttledLater');
        const when = new Intl.RelativeTimeFormat(intlLocale(i18n.language), { numeric: 'always' }).format(
          view.delay.value,
          view.delay.unit,
        );
        return t(view.key === 'locked' ? 'login.errors.locked' : 'login.errors.throttled', { when });
      }
      return t(`login.errors.${view.key}`);
    },
    [t, i18n.language],
  );
}
