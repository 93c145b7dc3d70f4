// POST /api/moments/seen {challengeIds}: the profile showed the member the toasts of these completed
// challenges (decision 0043); they are not shown again.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { markMomentsSeen } from '@/modules/program/member-moments';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'member',
  signInMessage: 'signInForMembership',
  body: z.strictObject({ challengeIds: z.array(z.string().regex(/^[a-z0-9-]+$/).max(64)).max(50) }),
  async handle({ caller, body }) {
    await markMomentsSeen(await getDb(), caller.userId, body.challengeIds, serverNow());
    return { status: 200, body: { ok: true } };
  },
});
