// GET /api/auth/loyalty/getMembership: the signed-in member's tokens, {mintedTokenIds, tokens}.
import { jsonRoute } from '@/http/route';
import { getMembership } from '@/modules/loyalty/membership';
import { getDb } from '@/server/db/client';

export default jsonRoute({
  method: 'GET',
  access: 'member',
  signInMessage: 'signInForMembership',
  async handle({ caller, locale }) {
    return { status: 200, body: await getMembership(await getDb(), caller.userId, locale) };
  },
});
