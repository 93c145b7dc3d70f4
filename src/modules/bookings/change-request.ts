// POST /api/bookings/change's body: the booking, the new time and the quantities wanted. No amount: the
// price is the supplier's.
import { z } from 'zod';
import { checkoutRequest } from '../checkout/checkout-request';

export const changeRequest = z.strictObject({
  bookingId: z.string({ error: 'bookingNotFound' }).trim().min(1, 'bookingNotFound').max(100, 'bookingNotFound'),
  quantities: checkoutRequest.shape.quantities,
  selectedTime: checkoutRequest.shape.selectedTime,
  /** false (the default) only prices the change, true makes it. */
  confirm: z.boolean().optional(),
});

export type ChangeRequest = z.infer<typeof changeRequest>;
