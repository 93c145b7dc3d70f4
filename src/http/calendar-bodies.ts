// The bodies of the calendar's calls, shared by the staff console and the operator API. Range and
// length rules are the use cases' own (one translated message each); here only the shapes.
import { z } from 'zod';
import { isLocalDate } from '@/universal/local-date';

const date = z.string('dateFormat').refine(isLocalDate, 'dateFormat');

export const closeDayBody = z.strictObject({ date, reason: z.string('closeReasonRequired').max(2_000, 'closeReasonRequired') });

export const openDayBody = z.strictObject({ date });

export const capacityBody = z.strictObject({
  optionId: z.string('unknownOptionId').max(100, 'unknownOptionId'),
  date,
  time: z.string('timeFormat').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'timeFormat').optional(),
  capacity: z.unknown().refine((v) => v === 'reset' || typeof v === 'number', 'capacityRange') as z.ZodType<number | 'reset'>,
});
