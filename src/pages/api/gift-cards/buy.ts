// POST /api/gift-cards/buy {amount, recipient, senderName, message, deliverOn} (members): records the card
// and its payment in the ledger and answers {giftCardId, paymentSession}; limited as Book is.
import { z } from 'zod';
import { memberPurchaseRoute } from '@/http/member-purchase-route';
import { buyGiftCard } from '@/modules/gift-cards/buy-gift-card';

export const config = { api: { bodyParser: false } };

const name = z.string().trim().min(1).max(80);

const body = z.strictObject({
  amount: z.number().int(),
  recipient: z.strictObject({ name, email: z.email().max(254) }).nullable(),
  senderName: name,
  message: z.string().trim().max(300).optional(),
  deliverOn: z.string().max(10),
});

export default memberPurchaseRoute(body, buyGiftCard);
