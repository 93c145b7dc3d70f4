// POST /api/staff/members/points {userId, points, reason}: a manager adds (points > 0) or takes away
// (points < 0) a member's points, with a reason; audited; never below a zero balance (409). Decision 0044.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { adjustPoints, MAX_ADJUSTMENT } from '@/modules/program/adjust-points';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({
  userId: z.string().trim().min(1, 'fieldRequired').max(100, 'fieldTooLong'),
  points: z
    .number('invalidField')
    .int('invalidField')
    .min(-MAX_ADJUSTMENT, 'invalidField')
    .max(MAX_ADJUSTMENT, 'invalidField')
    .refine((n) => n !== 0, 'invalidField'),
  reason: z.string().trim().min(1, 'fieldRequired').max(300, 'fieldTooLong'),
});

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body,
  async handle({ body: adjustment, caller }) {
    const { balance } = await adjustPoints(await getDb(), { userId: adjustment.userId, points: adjustment.points, note: adjustment.reason, by: { kind: 'staff', userId: caller.userId, email: caller.email } }, serverNow());
    return { status: 200, body: { balance } };
  },
});
