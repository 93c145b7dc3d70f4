// POST /api/bookings/change's body: the booking, the new time and the quantities wanted. No amount: the
// price is the supplier's.
import { z } from 'zod';
import { checkoutRequest } from '../checkout/checkout-request';

/** A booking named by its member (its reference or id): anything unusable reads as a booking not found. */
export const bookingKey = z.string({ error: 'bookingNotFound' }).trim().min(1, 'bookingNotFound').max(100, 'bookingNotFound');

export const changeRequest = z.strictObject({
  bookingId: bookingKey,
  quantities: checkoutRequest.shape.quantities,
  selectedTime: checkoutRequest.shape.selectedTime,
  /** false (the default) only prices the change, true makes it. */
  confirm: z.boolean().optional(),
});

export type ChangeRequest = z.infer<typeof changeRequest>;
