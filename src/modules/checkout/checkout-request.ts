// POST /api/auth/octo/bookings/payWithPayment's body: what the member chose. No amount: the price is
// the supplier's, so a tampered total cannot matter.
import { z } from 'zod';

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

export const checkoutRequest = z.strictObject({
  productId: required('Please select a product and option'),
  optionId: required('Please select a product and option'),
  quantities: z
    .record(z.string().min(1).max(100), z.number({ error: 'A quantity must be a whole number' }).int('A quantity must be a whole number').min(0).max(100), {
      error: 'Please select a quantity',
    })
    .transform((q) => Object.fromEntries(Object.entries(q).filter(([, n]) => n > 0)))
    .refine((q) => Object.keys(q).length > 0 && Object.keys(q).length <= 20, 'Please select a quantity'),
  selectedTime: z.string({ error: 'Please select a time' }).trim().min(1, 'Please select a time').max(40, 'Please select a time'),
});

export type CheckoutRequest = z.infer<typeof checkoutRequest>;
