// POST /api/staff/gift-cards/void {code, reason} (managers): the card's balance is voided, audited.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { voidGiftCard } from '@/modules/gift-cards/void-gift-card';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: z.strictObject({ code: z.string().max(40), reason: z.string().trim().min(1).max(200) }),
  validationStatus: 400,
  async handle({ body, caller }) {
    return { status: 200, body: await voidGiftCard(await getDb(), { ...body, by: { kind: 'staff', userId: caller.userId, email: caller.email } }, serverNow()) };
  },
});
