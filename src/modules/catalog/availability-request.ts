// The ticket page's availability questions, checked with the product's messages (docs/product.md#rules);
// each message is a key of locales/{lng}/errors.json.
import { z } from 'zod';
import { isLocalDate, localDatePart } from '@/universal/local-date';

const productId = z.string({ error: 'selectProduct' }).trim().min(1, 'selectProduct').max(100, 'unknownProduct');
const optionId = z.string({ error: 'selectOption' }).trim().min(1, 'selectOption').max(100, 'unknownOption');

const quantities = z
  .record(
    z.string().min(1).max(100),
    z
      .number({ error: 'quantityWhole' })
      .int('quantityWhole')
      .min(0, 'quantityNegative')
      .max(100, 'quantityTooLarge'),
    { error: 'selectQuantity' },
  )
  .refine((q) => Object.keys(q).length <= 20, 'tooManyTicketTypes')
  .transform((q) => Object.fromEntries(Object.entries(q).filter(([, n]) => n > 0)))
  .refine((q) => Object.keys(q).length > 0, 'selectQuantity');

const selectedDate = z
  .string({ error: 'selectDate' })
  .trim()
  .min(1, 'selectDate')
  .max(40, 'dateFormat')
  // The selected date is the part before T (docs/product.md#constants).
  .transform(localDatePart)
  .refine(isLocalDate, 'dateFormat');

export const availabilityRequest = z.strictObject({ productId, optionId, quantities, selectedDate });
export type AvailabilityRequest = z.infer<typeof availabilityRequest>;

export const calendarRequest = z.strictObject({
  productId,
  optionId,
  quantities: quantities.optional(),
  month: z.string({ error: 'selectMonth' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'monthFormat'),
});
export type CalendarRequest = z.infer<typeof calendarRequest>;
