// POST /api/auth/octo/bookings/payWithPayment's body: what the member chose. No amount: the price is
// the supplier's, so a tampered total cannot matter.
import { z } from 'zod';

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

export const checkoutRequest = z.strictObject({
  productId: required('selectProductAndOption'),
  optionId: required('selectProductAndOption'),
  quantities: z
    .record(z.string().min(1).max(100), z.number({ error: 'quantityWhole' }).int('quantityWhole').min(0).max(100), {
      error: 'selectQuantity',
    })
    .transform((q) => Object.fromEntries(Object.entries(q).filter(([, n]) => n > 0)))
    .refine((q) => Object.keys(q).length > 0 && Object.keys(q).length <= 20, 'selectQuantity'),
  selectedTime: z.string({ error: 'selectTime' }).trim().min(1, 'selectTime').max(40, 'selectTime'),
  /** A reward of config/program.json to spend points on, or the guest pass the member signed up with (decision 0042). */
  reward: z.string({ error: 'unknownReward' }).max(60, 'unknownReward').optional(),
  guestPass: z.boolean().optional(),
  /** A promo code a manager created (decision 0049), in any case. */
  promoCode: z.string({ error: 'promoUnknown' }).trim().max(40, 'promoUnknown').optional(),
  /** Add-ons sold with the tickets (decision 0050): quantities by add-on id; zeros dropped. */
  addons: z
    .record(z.string().min(1).max(60), z.number({ error: 'quantityWhole' }).int('quantityWhole').min(0).max(100), { error: 'addonUnknown' })
    .refine((a) => Object.keys(a).length <= 20, 'addonUnknown')
    .optional(),
  /** A gift card code that pays what is left after the reward, up to its balance (decision 0047). */
  giftCard: z.string({ error: 'giftCardNotFound' }).max(40, 'giftCardNotFound').optional(),
  /** Book the visit with the member's annual pass, at zero price within its rules (decision 0051). */
  annualPass: z.boolean().optional(),
});

export type CheckoutRequest = z.infer<typeof checkoutRequest>;
