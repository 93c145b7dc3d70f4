// The day a staff or operator call is about: a New York date, or today in the attraction's time zone.
import { z } from 'zod';
import { ATTRACTION } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import { isLocalDate, todayIn } from '@/universal/local-date';

/** `?date=` of a GET. */
export const optionalDay = z.object({ date: z.string().refine(isLocalDate, 'dateFormat').optional() });

export const dayOrToday = (date: string | undefined): string => date ?? todayIn(ATTRACTION.timeZone, serverNow());

/** The same as a request body, where an unknown field is refused. */
export const optionalDayBody = z.strictObject(optionalDay.shape);
