/** Regions libphonenumber-js knows (ISO 3166-1 alpha-2, plus AC and TA), for default-country pickers. */
export const PHONE_COUNTRIES = (
  'AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
  'OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** Shown first in pickers: the countries most workspaces send to. */
export const COMMON_COUNTRIES = [
  'US',
  'GB',
  'CA',
  'AU',
  'FR',
  'DE',
  'ES',
  'IT',
  'NL',
  'BE',
  'CH',
  'IE',
  'IN',
  'CN',
  'AE',
  'SA',
  'EG',
  'MA',
  'NG',
  'ZA',
  'BR',
  'MX',
];

/** The country's name in `language` (falls back to the code). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether `code` is a country the pickers offer. */
export const isPhoneCountry = (code: string): boolean => PHONE_COUNTRIES.includes(code);

/** The picker's options: the common countries, then every other one sorted by name in `language`. */
export function countryOptions(language: string): Array<{ code: string; name: string; common: boolean }> {
  const collator = new Intl.Collator(language);
  const common = COMMON_COUNTRIES.map((code) => ({ code, name: countryName(code, language), common: true }));
  const rest = PHONE_COUNTRIES.filter((code) => !COMMON_COUNTRIES.includes(code))
    .map((code) => ({ code, name: countryName(code, language), common: false }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...common, ...rest];
}

/** The region of the first language with one ('en-GB' -> 'GB'), as a default-country guess; '' when none. */
export function guessCountry(languages: readonly string[]): string {
  for (const language of languages) {
    const region = /^[a-z]{2,3}[-_](?:[A-Za-z]{4}[-_])?([A-Za-z]{2})\b/.exec(language)?.[1]?.toUpperCase();
    if (region && isPhoneCountry(region)) return region;
  }
  return '';
}

/** The browser's default-country guess (navigator.languages). */
export const browserCountry = (): string =>
  typeof navigator === 'undefined' ? '' : guessCountry(navigator.languages ?? [navigator.language]);
