// GET /api/staff/onsales (managers): the on-sales to come, open, and the last that ended.
// POST /api/staff/onsales {productId, day, opensAt, ratePerMinute} (managers): schedules one, audited (decision 0056).
import type { NextApiRequest, NextApiResponse } from 'next';
import { jsonRoute } from '@/http/route';
import { onsaleBody } from '@/modules/onsale/onsale-body';
import { listOnsales, scheduleOnsale } from '@/modules/onsale/schedule-onsale';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

const list = jsonRoute({
  method: 'GET',
  access: 'manager',
  async handle() {
    return { status: 200, body: { onsales: await listOnsales(await getDb()) } };
  },
});

const schedule = jsonRoute({
  method: 'POST',
  access: 'manager',
  body: onsaleBody,
  async handle({ body, caller }) {
    return { status: 201, body: await scheduleOnsale(await getDb(), body, { kind: 'staff', userId: caller.userId, email: caller.email }, serverNow()) };
  },
});

export default function onsales(req: NextApiRequest, res: NextApiResponse) {
  return req.method === 'POST' ? schedule(req, res) : list(req, res);
}
