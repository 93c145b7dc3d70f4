// POST /api/staff/gate/exit {code?, gate}: one person leaves the deck, by a scanned ticket (code) or
// anonymously (no code: the exit's -1 counter); answers the outcome and the deck's count (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { recordExit } from '@/modules/gate/record-exit';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'staff',
  body: z.strictObject({
    code: z.string().trim().min(1, 'fieldRequired').max(400, 'fieldTooLong').optional(),
    gate: z.string().trim().min(1).max(40).default('gate'),
  }),
  async handle({ body, caller }) {
    const by = { kind: 'staff' as const, userId: caller.userId, email: caller.email };
    return { status: 200, body: await recordExit(await getDb(), { code: body.code, gate: body.gate, by }) };
  },
});
