/**
 * The locale every `Intl` formatter of the interface is given (decision 044): one digit system per
 * language, Latin digits in all four, Arabic included (`ar-u-nu-latn`). Plain `ar` gives Latin or
 * Arabic-Indic digits depending on the browser's ICU data, and MUI's Arabic grid texts format with
 * `ar-SD` (Arabic-Indic): a page mixed both.
 */
export function intlLocale(language: string): string {
  return language === 'ar' || language.startsWith('ar-') ? 'ar-u-nu-latn' : language;
}
