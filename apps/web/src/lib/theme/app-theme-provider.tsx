import { textLanguageOf } from '@sms/contracts/locales';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_BRAND } from '@sms/contracts/brand-defaults';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useBrand } from '../brand/use-brand';
import { useLanguage } from '../i18n/use-language';
import { buildTheme } from './build-theme';
import { emotionCache } from './emotion-cache';
import { COLOR_SCHEME_STORAGE_KEY, MODE_STORAGE_KEY } from './mode-storage';
import { useCustomizer } from './use-customizer';

/** Applies the brand (colours, font), the customizer's theme, direction (html dir + RTL styles) and language to the page. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useCustomizer();
  const { language } = useLanguage();
  const { primaryColor, secondaryColor, accentColor, fontFamily } = useBrand().settings;
  const { direction, theme: colorTheme, borderRadius, cardShadow } = settings;
  const theme = useMemo(
    () =>
      buildTheme({
        colorTheme,
        direction,
        language,
        borderRadius,
        cardShadow,
        brand: { primaryColor, secondaryColor, accentColor, fontFamily },
        brandDefaults: DEFAULT_BRAND,
      }),
    [colorTheme, direction, language, borderRadius, cardShadow, primaryColor, secondaryColor, accentColor, fontFamily],
  );

  useEffect(() => {
    document.documentElement.dir = direction;
    // The page's text is English for a MUI locale such as de-DE (decision 107): lang says so.
    document.documentElement.lang = textLanguageOf(language);
  }, [direction, language]);

  return (
    <CacheProvider value={emotionCache(direction)}>
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={MODE_STORAGE_KEY}
        colorSchemeStorageKey={COLOR_SCHEME_STORAGE_KEY}
        // The stored mode is read in the first render, hydrating too: the colours follow CSS variables, so
        // the markup does not depend on it, and its only reader on a server-rendered page (ModeToggle) shows
        // the server's icon until hydrated. Left for after hydration, MUI's switch to the stored mode changed a
        // context above the page's Suspense boundaries, which made React hydrate them in one long task.
        noSsr
      >
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
