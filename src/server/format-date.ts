import { TIME_ZONE } from '../config/attraction';

/** A day as the visitor's language writes it, in the attraction's time zone. Formatted on the server so
 * that the page hydrates with exactly the text it was rendered with. */
export function formatLongDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: TIME_ZONE }).format(new Date(iso));
}
