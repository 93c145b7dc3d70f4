// POST /api/gift-cards/balance {code}: the card's balance, status and expiry; every lookup counts against
// the client address's limit (modules/gift-cards/look-up-gift-card.ts).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { lookUpGiftCard } from '@/modules/gift-cards/look-up-gift-card';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: z.strictObject({ code: z.string().max(40) }),
  validationStatus: 400,
  async handle({ body, clientIp }) {
    return { status: 200, body: await lookUpGiftCard(await getDb(), body.code, clientIp, serverNow()) };
  },
});
