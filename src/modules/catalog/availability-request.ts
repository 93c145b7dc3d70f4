// The ticket page's availability questions, checked with the messages of SPEC.md section 5.
import { z } from 'zod';
import { isLocalDate } from '../../adapters/supplier/local/schedule';

/** SPEC.md section 9: the selected date is the part before T. */
export const selectedDatePart = (value: string) => value.split('T')[0] ?? '';

const productId = z.string({ error: 'Please select a product' }).trim().min(1, 'Please select a product').max(100, 'Unknown product');
const optionId = z.string({ error: 'Please select an option' }).trim().min(1, 'Please select an option').max(100, 'Unknown option');

const quantities = z
  .record(
    z.string().min(1).max(100),
    z
      .number({ error: 'A quantity must be a whole number' })
      .int('A quantity must be a whole number')
      .min(0, 'A quantity cannot be negative')
      .max(100, 'At most 100 tickets of one type'),
    { error: 'Please select a quantity' },
  )
  .refine((q) => Object.keys(q).length <= 20, 'Too many ticket types')
  .transform((q) => Object.fromEntries(Object.entries(q).filter(([, n]) => n > 0)))
  .refine((q) => Object.keys(q).length > 0, 'Please select a quantity');

const selectedDate = z
  .string({ error: 'Please select a date' })
  .trim()
  .min(1, 'Please select a date')
  .max(40, 'The date must look like 2026-11-21')
  .transform(selectedDatePart)
  .refine(isLocalDate, 'The date must look like 2026-11-21');

export const availabilityRequest = z.strictObject({ productId, optionId, quantities, selectedDate });
export type AvailabilityRequest = z.infer<typeof availabilityRequest>;

export const calendarRequest = z.strictObject({
  productId,
  optionId,
  quantities: quantities.optional(),
  month: z.string({ error: 'Please select a month' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must look like 2026-11'),
});
export type CalendarRequest = z.infer<typeof calendarRequest>;

/** Our messages for the supplier's OCTO errors. */
export const SUPPLIER_MESSAGES: Record<string, string> = {
  INVALID_PRODUCT_ID: 'Unknown product',
  INVALID_OPTION_ID: 'Unknown option',
  INVALID_UNIT_ID: 'Unknown ticket type',
  INVALID_AVAILABILITY_ID: 'This time is not available',
};
