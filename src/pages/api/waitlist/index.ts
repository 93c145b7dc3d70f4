// GET /api/waitlist: the member's places in line and open offers. POST /api/waitlist {productId,
// optionId, quantities, selectedTime}: join the waitlist of a sold-out slot; answers the place in line.
import type { NextApiRequest, NextApiResponse } from 'next';
import { jsonRoute } from '@/http/route';
import { joinWaitlist } from '@/modules/waitlist/join-waitlist';
import { memberWaitlist } from '@/modules/waitlist/member-waitlist';
import { joinRequest } from '@/modules/waitlist/waitlist-request';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

const list = jsonRoute({
  method: 'GET',
  access: 'member',
  signInMessage: 'signInForWaitlist',
  async handle({ caller, locale }) {
    return { status: 200, body: { places: await memberWaitlist(await getCheckoutDeps(), caller.userId, locale) } };
  },
});

const join = jsonRoute({
  method: 'POST',
  access: 'member',
  signInMessage: 'signInForWaitlist',
  body: joinRequest,
  validationStatus: 400,
  async handle({ caller, body, locale }) {
    return { status: 201, body: await joinWaitlist(await getCheckoutDeps(), caller, body, locale) };
  },
});

export default function waitlist(req: NextApiRequest, res: NextApiResponse) {
  return req.method === 'GET' ? list(req, res) : join(req, res);
}
