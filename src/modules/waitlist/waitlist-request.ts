// The waitlist's request bodies: join a sold-out slot with the tickets wanted; leave by the entry's id.
import { z } from 'zod';
import { checkoutRequest } from '../checkout/checkout-request';

export const joinRequest = z.strictObject({
  productId: checkoutRequest.shape.productId,
  optionId: checkoutRequest.shape.optionId,
  quantities: checkoutRequest.shape.quantities,
  selectedTime: checkoutRequest.shape.selectedTime,
});

export type JoinRequest = z.infer<typeof joinRequest>;

export const leaveRequest = z.strictObject({
  entryId: z.uuid({ error: 'waitlistEntryNotFound' }),
});
