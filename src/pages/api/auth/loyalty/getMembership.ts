// GET /api/auth/loyalty/getMembership: the signed-in member's tokens, {mintedTokenIds, tokens}.
import { getMembership } from '@/modules/loyalty/membership';
import { jsonRoute } from '@/server/api/json-route';
import { getServerSession } from 'next-auth';
import { getAuthOptions } from '@/server/auth/options';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';

export default jsonRoute({
  method: 'GET',
  async handle({ req, res, locale }) {
    const session = await getServerSession(req, res, await getAuthOptions());
    if (!session?.user?.id) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to see your membership');
    return { status: 200, body: await getMembership(await getDb(), session.user.id, locale) };
  },
});
