// Dates and times as SPEC.md section 9 writes them ('EEEE M/d/yyyy', 'h:mm a'), always in the
// attraction's time zone, with day names in the visitor's language.
import { TZDate } from '@date-fns/tz';
import { format, type Locale as DateFnsLocale } from 'date-fns';
import { de, enUS, es, fr, it, ja, ko, nl, pt, zhCN, zhTW } from 'date-fns/locale';
import { TIME_ZONE } from '../../config/attraction';

const DATE_FNS_LOCALES: Record<string, DateFnsLocale> = {
  en: enUS,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  nl,
  fr,
  de,
  it,
  ja,
  ko,
  pt,
  es,
};

const localeOf = (locale: string) => DATE_FNS_LOCALES[locale] ?? enUS;

export const DATE_FORMAT = 'EEEE M/d/yyyy';
export const TIME_FORMAT = 'h:mm a';

/** A local date "2026-11-21" (or an ISO date-time, whose date part is taken) as "Saturday 11/21/2026". */
export function formatDate(localDate: string, locale = 'en'): string {
  const [y, m, d] = (localDate.split('T')[0] ?? '').split('-').map(Number) as [number, number, number];
  return format(new TZDate(y, m - 1, d, 12, 0, TIME_ZONE), DATE_FORMAT, { locale: localeOf(locale) });
}

/** An instant (ISO with offset, or a Date) as its New York wall-clock time, "9:30 AM". */
export function formatTime(instant: string | Date, locale = 'en'): string {
  return format(new TZDate(new Date(instant).getTime(), TIME_ZONE), TIME_FORMAT, { locale: localeOf(locale) });
}

/** Today's date in New York, "yyyy-MM-dd". */
export function todayInNewYork(now = new Date()): string {
  return format(new TZDate(now.getTime(), TIME_ZONE), 'yyyy-MM-dd');
}
