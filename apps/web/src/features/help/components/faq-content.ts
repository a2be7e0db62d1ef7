import { CAMPAIGN_LIMITS, DEFAULT_REPLY_WINDOW_HOURS } from '@sms/contracts/campaigns';
import { DELIVERY_RETRY } from '@sms/contracts/delivery-errors';
import { GSM7_EXTENSION_TABLE } from '@sms/contracts/gsm-7-tables';
import { IMPORT_LIMITS } from '@sms/contracts/imports';
import { LOOKALIKE_REPLACEMENTS, SMS_SEGMENT_LIMITS } from '@sms/contracts/sms-encoding';
import { DEFAULT_SMS_KEYWORDS } from '@sms/contracts/sms-keywords';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** The help page's sections, in order. */
export const FAQ_SECTIONS = ['encoding', 'optOut', 'imports', 'delivery', 'replies', 'roles'] as const;
export type FaqSection = (typeof FAQ_SECTIONS)[number];

/** Reference tables an entry can show under its answer. */
export type FaqTable = 'keywords' | 'statuses' | 'platformErrors' | 'smpp' | 'twilio';

/** One question of the help page; its texts are `entries.<id>.q` and `entries.<id>.a` in the help namespace. */
export interface FaqEntryDef {
  /** Also the entry's anchor: /pages/faq#<id>. */
  id: string;
  section: FaqSection;
  table?: FaqTable;
  /** A page the answer points to. */
  link?: 'roles';
}

export const FAQ_ENTRIES: readonly FaqEntryDef[] = [
  { id: 'gsm-7', section: 'encoding' },
  { id: 'ucs-2', section: 'encoding' },
  { id: 'extension-characters', section: 'encoding' },
  { id: 'emoji', section: 'encoding' },
  { id: 'lookalikes', section: 'encoding' },
  { id: 'segments-cost', section: 'encoding' },
  { id: 'opt-out-keywords', section: 'optOut', table: 'keywords' },
  { id: 'consent-law', section: 'optOut' },
  { id: 'quiet-hours', section: 'optOut' },
  { id: 'import-formats', section: 'imports' },
  { id: 'import-columns', section: 'imports' },
  { id: 'import-phones', section: 'imports' },
  { id: 'import-errors', section: 'imports' },
  { id: 'message-statuses', section: 'delivery', table: 'statuses' },
  { id: 'platform-errors', section: 'delivery', table: 'platformErrors' },
  { id: 'smpp-errors', section: 'delivery', table: 'smpp' },
  { id: 'twilio-errors', section: 'delivery', table: 'twilio' },
  { id: 'retries', section: 'delivery' },
  { id: 'reply-matching', section: 'replies' },
  { id: 'non-responders', section: 'replies' },
  { id: 'roles', section: 'roles', link: 'roles' },
  { id: 'maintenance', section: 'roles' },
];

const MB = 1024 * 1024;

/**
 * The numbers and words the answers quote, taken from the rules the platform runs on (contracts),
 * so the help cannot drift from what the composer, the importer and the engine do.
 */
export function faqValues(language: string): Record<string, string | number> {
  const number = new Intl.NumberFormat(intlLocale(language));
  return {
    gsmSingle: SMS_SEGMENT_LIMITS['GSM-7'].single,
    gsmMulti: SMS_SEGMENT_LIMITS['GSM-7'].multipart,
    ucsSingle: SMS_SEGMENT_LIMITS['UCS-2'].single,
    ucsMulti: SMS_SEGMENT_LIMITS['UCS-2'].multipart,
    gsmHeader: SMS_SEGMENT_LIMITS['GSM-7'].single - SMS_SEGMENT_LIMITS['GSM-7'].multipart,
    ucsHeader: SMS_SEGMENT_LIMITS['UCS-2'].single - SMS_SEGMENT_LIMITS['UCS-2'].multipart,
    // The form feed is an extension character too, but nobody types one.
    extensionChars: [...GSM7_EXTENSION_TABLE.values()].filter((char) => char !== '\f').join(' '),
    // Shown literally: the braces would otherwise be read as a placeholder.
    mergeFieldExample: '{{first_name}}',
    lookalikeCount: Object.keys(LOOKALIKE_REPLACEMENTS).length,
    maxFileMb: IMPORT_LIMITS.maxFileBytes / MB,
    maxRows: number.format(IMPORT_LIMITS.maxRows),
    maxColumns: IMPORT_LIMITS.maxColumns,
    maxCellLength: number.format(IMPORT_LIMITS.maxCellLength),
    previewRows: IMPORT_LIMITS.previewRows,
    optOutWords: DEFAULT_SMS_KEYWORDS.optOut.join(', '),
    optInWords: DEFAULT_SMS_KEYWORDS.optIn.join(', '),
    helpWords: DEFAULT_SMS_KEYWORDS.help.join(', '),
    replyWindowDefault: DEFAULT_REPLY_WINDOW_HOURS,
    replyWindowMaxDays: CAMPAIGN_LIMITS.replyWindowHoursMax / 24,
    validityMaxDays: CAMPAIGN_LIMITS.validityHoursMax / 24,
    maxAttempts: DELIVERY_RETRY.maxAttempts,
    autoPauseAfter: DELIVERY_RETRY.autoPauseAfter,
  };
}
