// Dates and times as the product writes them (docs/product.md#constants: 'EEEE M/d/yyyy', 'h:mm a'), always in the
// attraction's time zone, with day names and day periods in the visitor's language. Built on Intl, which
// every browser has, rather than a date library and its locale files in every page's JavaScript.
import { TIME_ZONE } from '@/config/attraction';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** A local date "2026-11-21" (or an ISO date-time, whose date part is taken) as "Saturday 11/21/2026". */
export function formatDate(localDate: string, locale = 'en'): string {
  const [y, m, d] = (localDate.split('T')[0] ?? '').split('-').map(Number) as [number, number, number];
  // The calendar date itself, at noon UTC: its weekday does not depend on any time zone.
  const weekday = formatter(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d, 12)));
  return `${weekday} ${m}/${d}/${y}`;
}

/** An instant (ISO with offset, or a Date) as its New York wall-clock time, "9:30 AM". */
export function formatTime(instant: string | Date, locale = 'en'): string {
  // hourCycle h12, not hour12: true, which gives French, German, Japanese and others an h11 clock ("0:00 PM" at noon).
  const parts = formatter(locale, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZone: TIME_ZONE }).formatToParts(new Date(instant));
  return `${part(parts, 'hour')}:${part(parts, 'minute')} ${part(parts, 'dayPeriod')}`;
}

/** A day as the visitor's language writes it in full ("November 21, 2026"), in the attraction's time zone. */
export function formatLongDate(instant: string | Date, locale = 'en'): string {
  return formatter(locale, { dateStyle: 'long', timeZone: TIME_ZONE }).format(new Date(instant));
}

/** A local date "2026-11-21" as the visitor's language writes it briefly ("Nov 21, 2026"), whatever the
 * browser's time zone (the calendar date itself, at noon UTC). */
export function formatShortDate(localDate: string, locale = 'en'): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return formatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}
