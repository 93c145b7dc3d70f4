// POST /api/gift-cards/buy {amount, recipient, senderName, message, deliverOn} (members): records the card
// and its payment in the ledger and answers {giftCardId, paymentSession}; limited as Book is.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
import { buyGiftCard } from '@/modules/gift-cards/buy-gift-card';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

const name = z.string().trim().min(1).max(80);

const body = z.strictObject({
  amount: z.number().int(),
  recipient: z.strictObject({ name, email: z.email().max(254) }).nullable(),
  senderName: name,
  message: z.string().trim().max(300).optional(),
  deliverOn: z.string().max(10),
});

export default jsonRoute({
  method: 'POST',
  access: 'member',
  body,
  validationStatus: 400,
  async handle({ caller, body, locale, clientIp }) {
    const deps = await getCheckoutDeps();
    await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp });
    return { status: 201, body: await buyGiftCard(deps, caller, body, locale) };
  },
});
