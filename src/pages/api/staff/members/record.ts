// GET /api/staff/members/record?userId=…: one member's tier, visits, points history and bookings (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { memberRecord } from '@/modules/program/member-lookup';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';

const query = z.object({ userId: z.string().trim().min(1, 'fieldRequired').max(100, 'fieldTooLong') });

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req }) {
    const { userId } = query.parse(req.query);
    const record = await memberRecord(await getDb(), userId, serverNow());
    if (!record) throw new AppError('NOT_FOUND', 'memberNotFound');
    return { status: 200, body: record };
  },
});
