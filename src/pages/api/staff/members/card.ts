// GET /api/staff/members/card?code=SKM1.…: a member card's code scanned at the counter, checked
// (decision 0043): {memberId, name, tier: {id, name}}; 422 for a code that is no member code or is
// forged, 404 for a member who is gone. Any staff role may ask.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { checkMemberCard } from '@/modules/program/member-card';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';

const query = z.object({ code: z.string().min(1).max(400) });

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req, locale }) {
    const parsed = query.safeParse(req.query);
    if (!parsed.success) throw new AppError('INVALID_FIELDS', 'memberCodeMalformed');
    return { status: 200, body: await checkMemberCard(await getDb(), parsed.data.code, locale) };
  },
});
