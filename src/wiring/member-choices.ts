// What the member signed in on a public request may book (decisions 0038, 0041): their tier's extra
// tickets per booking and the tier itself (the places kept for members, the member-only slots), so the
// ticket page's availability answers for the member. Nothing for a visitor.
import type { NextApiRequest } from 'next';
import type { MemberChoices } from '@/modules/catalog/check-availability';
import { memberPerks } from '@/modules/program/member-perks';
import { getDb } from '@/server/db/client';
import { readSession } from './member-session';

export async function memberChoices(req: NextApiRequest): Promise<MemberChoices> {
  const userId = (await readSession(req))?.user?.id;
  if (!userId) return { extraUnits: 0 };
  const perks = await memberPerks(await getDb(), userId);
  return { extraUnits: perks.extraTicketsPerBooking, memberTier: perks.tierId };
}
