import type { Language } from '@sms/contracts/languages';
import type { Locale } from '@sms/contracts/locales';
import { weekStartOf } from '@sms/contracts/week-start';
import { getFormatCountry, intlLocale } from '../../lib/i18n/intl-locale';
import { dayjsLocaleFor, dayjsLocaleWithWeekStart } from './picker-dayjs-locale';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { frFR, zhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';

/** MUI X ships no Arabic picker texts: the ones a date or date-time picker shows. */
const AR: Partial<PickersLocaleText> = {
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  openPreviousView: 'فتح العرض السابق',
  openNextView: 'فتح العرض التالي',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year' ? 'عرض السنوات مفتوح، افتح عرض التقويم' : 'عرض التقويم مفتوح، افتح عرض السنوات',
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  nextStepButtonLabel: 'التالي',
  datePickerToolbarTitle: 'اختر التاريخ',
  dateTimePickerToolbarTitle: 'اختر التاريخ والوقت',
  timePickerToolbarTitle: 'اختر الوقت',
  openDatePickerDialogue: (formattedDate) => (formattedDate ? `اختر التاريخ، التاريخ المحدد هو ${formattedDate}` : 'اختر التاريخ'),
  openTimePickerDialogue: (formattedTime) => (formattedTime ? `اختر الوقت، الوقت المحدد هو ${formattedTime}` : 'اختر الوقت'),
  fieldClearLabel: 'مسح القيمة',
  timeTableLabel: 'اختر الوقت',
  dateTableLabel: 'اختر التاريخ',
  fieldYearPlaceholder: (params) => 'س'.repeat(params.digitAmount),
  fieldMonthPlaceholder: (params) => (params.contentType === 'letter' ? 'شهر' : 'شش'),
  fieldDayPlaceholder: () => 'يي',
  fieldHoursPlaceholder: () => 'سس',
  fieldMinutesPlaceholder: () => 'دد',
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  hours: 'الساعات',
  minutes: 'الدقائق',
  empty: 'فارغ',
};

const textOf = (locale: typeof frFR): Partial<PickersLocaleText> => locale.components.MuiLocalizationProvider.defaultProps.localeText;

/** The picker texts (English is MUI's default) and the dayjs locale (month and day names, first day of the week) of a language. */
export const PICKER_LOCALES: Record<Language, { localeText?: Partial<PickersLocaleText>; adapterLocale: string }> = {
  en: { adapterLocale: 'en' },
  fr: { localeText: textOf(frFR), adapterLocale: 'fr' },
  ar: { localeText: AR, adapterLocale: 'ar' },
  zh: { localeText: textOf(zhCN), adapterLocale: 'zh-cn' },
};

/**
 * The picker texts and dayjs locale of an interface locale: the table above for the four
 * languages, their weeks starting as the organisation's country's formats start them once it is
 * known (en in Kenya: Monday); for a MUI locale (de-DE, ...) the texts come from the theme (MUI X's
 * locale, where it has one) and the month and day names and first day of the week from Intl
 * (decisions 107, 111).
 */
export function pickerLocaleOf(locale: Locale): { localeText?: Partial<PickersLocaleText>; adapterLocale: string } {
  if (locale in PICKER_LOCALES) {
    const own = PICKER_LOCALES[locale as Language];
    if (!getFormatCountry()) return own;
    return { ...own, adapterLocale: dayjsLocaleWithWeekStart(own.adapterLocale, weekStartOf(intlLocale(locale)) % 7) };
  }
  return { adapterLocale: dayjsLocaleFor(locale) };
}
