// GET /api/staff/members?q=words: members whose e-mail or name holds every word (staff; decision 0044).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { searchMembers } from '@/modules/program/member-lookup';
import { getDb } from '@/server/db/client';

const query = z.object({ q: z.string().trim().min(2, 'fieldRequired').max(100, 'fieldTooLong') });

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req }) {
    const { q } = query.parse(req.query);
    return { status: 200, body: { members: await searchMembers(await getDb(), q) } };
  },
});
