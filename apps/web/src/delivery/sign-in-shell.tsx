import { directionOf } from '@sms/contracts/languages';
import { textLanguageOf } from '@sms/contracts/locales';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from '../config/paths';
import { nextAfterPassword } from '../features/auth/components/next-after-password';
import { SignInPage } from '../features/auth/sign-in/sign-in-page';
import type { SignInHost } from '../features/auth/sign-in/sign-in-host';
import type { LoginOutcome } from '../lib/auth/auth-context';
import { requestPasswordSignIn } from '../api/users/password-sign-in';
import { storeSession } from '../lib/auth/session-storage';
import { emitSignedIn } from '../lib/auth/sign-in-events';
import { useBrand } from '../lib/brand/use-brand';
import { toLocale } from '../lib/i18n/language';
import { MODE_STORAGE_KEY } from '../lib/theme/mode-storage';
import { readCustomizer, writeCustomizer } from '../lib/theme/customizer-settings';
import { schemeColors } from '../lib/theme/scheme-colors';
import { fontVariables } from '../lib/theme/design-tokens';
import { fontStack } from '../lib/theme/font-stack';
import { schemeVariables } from '../lib/theme/scheme-variables';

/** Signs in as the app's auth provider does; the app, once loaded, finds the stored session. */
async function signIn(email: string, password: string): Promise<LoginOutcome> {
  const result = await requestPasswordSignIn(email, password);
  if ('twoStepRequired' in result) return { kind: 'two-step', challenge: result };
  storeSession(result.token, result.user);
  // The app's listener (the account's saved preferences) hears it when it subscribes.
  emitSignedIn(result.user);
  return { kind: 'signed-in', user: result.user };
}

/** The colour mode shown: the class index.html's inline script (or MUI, later) puts on <html>. */
const isDark = () => document.documentElement.classList.contains('dark');

/** Remembers the mode where MUI keeps it, so the app starts in the same one, and shows it now. */
function storeMode(dark: boolean): void {
  try {
    window.localStorage.setItem(MODE_STORAGE_KEY, dark ? 'dark' : 'light');
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
}

/**
 * The sign-in page before the app's code is there (decision 071): its host without MUI, router or
 * query cache. It does what the app's providers do for this page: the theme's colours, radius and
 * type scale as the CSS variables the page reads (design-tokens.ts), the language's direction on <html>, the colour mode.
 */
export function SignInShell({ leave, prepareToLeave }: { leave: (to: string, replace: boolean) => void; prepareToLeave: () => void }) {
  const { i18n } = useTranslation();
  const language = toLocale(i18n.language);
  const brand = useBrand().settings;
  const [dark, setDark] = useState(isDark);
  const [leaving, setLeaving] = useState(false);
  const customizer = useMemo(() => readCustomizer(language), [language]);

  // A language switch sets its direction, as the app's customizer does, and keeps it for the app.
  useEffect(() => {
    const onLanguage = (next: string) => writeCustomizer({ ...readCustomizer(next), direction: directionOf(next) });
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [i18n]);
  useEffect(() => {
    // A locale beyond the four (de-DE) shows English text (decision 107).
    document.documentElement.lang = textLanguageOf(language);
    document.documentElement.dir = customizer.direction;
  }, [language, customizer.direction]);

  const host = useMemo<SignInHost>(() => {
    const go = (to: string, replace: boolean) => {
      setLeaving(true);
      leave(to, replace);
    };
    const target = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
    return {
      target,
      signIn,
      continueSignIn: (outcome) => {
        const { to, replace } = nextAfterPassword(outcome, 'centered', target);
        go(to, replace);
      },
      navigate: (to) => go(to, false),
      prepareToLeave,
      dark,
      setDark: (next) => {
        storeMode(next);
        setDark(next);
      },
    };
  }, [dark, leave, prepareToLeave]);

  const palette = schemeColors(customizer.theme, brand, dark ? 'dark' : 'light');
  return (
    <div style={{ ...schemeVariables(palette, customizer.borderRadius), ...fontVariables(fontStack(brand.fontFamily)) } as CSSProperties}>
      {leaving ? <div className="si-leaving" role="progressbar" aria-label={i18n.t('common:loading')} /> : null}
      <SignInPage host={host} />
    </div>
  );
}
