// The instant a New York date begins: when a gift card's delivery job is due.
import { TZDate } from '@date-fns/tz';

export function localMidnight(localDate: string, timeZone: string): Date {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}
