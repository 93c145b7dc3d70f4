// A rating such as 4.8 as the visitor's language writes it ("4.8", "4,8"), without Intl. In Chromium a
// page's first Intl call starts ICU: 30-60 ms of main thread on these machines, four times that on
// Lighthouse's phone. The footer is on every page, so it must not be the one to pay it on first paint.
// tests/unit/format-decimal.test.ts checks every language against Intl.NumberFormat.
import type { Locale } from '@/config/locales';

const DECIMAL_COMMA: ReadonlySet<Locale> = new Set(['nl', 'fr', 'de', 'it', 'pt', 'es']);

/** A number with at most one decimal place, in the locale's notation. */
export function formatOneDecimal(value: number, locale: string): string {
  const written = String(Math.round(value * 10) / 10);
  return DECIMAL_COMMA.has(locale as Locale) ? written.replace('.', ',') : written;
}
