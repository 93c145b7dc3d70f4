// The extra tickets per booking of the member signed in on a public request (decision 0038): the ticket
// page's availability asks for the quantities the member may book. 0 for a visitor.
import type { NextApiRequest, NextApiResponse } from 'next';
import { memberPerks } from '@/modules/program/member-perks';
import { getDb } from '@/server/db/client';
import { readSession } from './member-session';

export async function memberExtraTickets(req: NextApiRequest, res: NextApiResponse): Promise<number> {
  const userId = (await readSession(req, res))?.user?.id;
  if (!userId) return 0;
  return (await memberPerks(await getDb(), userId)).extraTicketsPerBooking;
}
