// A member's annual passes as the profile and the member desk show them (decision 0051): the state as read
// today, the year, whether and from when it may be renewed, and the visit booked with it still to come.
import { desc, eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { annualPasses } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { canRenew, passStatusOn, renewableFrom, type PassStatus } from '@/universal/annual-pass-rules';
import { todayIn } from '@/universal/local-date';
import { formatGiftCardCode } from '../gift-cards/gift-card-code';
import { annualPassConfig } from './pass-config';
import { upcomingPassVisits, type PassRow } from './pass-visits';

export type MemberPassView = {
  id: string;
  code: string;
  status: PassStatus;
  startsOn: string | null;
  endsOn: string | null;
  renewableFrom: string | null;
  canRenew: boolean;
  /** The gift's recipient, for a pass the member bought for someone else. */
  giftFor: string | null;
  upcomingVisit: { bookingId: string; reference: string; availabilityId: string; productId: string; optionId: string } | null;
};

async function viewOf(db: Database, pass: PassRow, userId: string, now: Date): Promise<MemberPassView> {
  const today = todayIn(TIME_ZONE, now);
  const rules = annualPassConfig();
  // A gift's buyer sees its state, never the recipient's visits.
  const [upcoming] = pass.status === 'ACTIVE' && pass.holderUserId === userId ? await upcomingPassVisits(db, pass.id, now) : [];
  return {
    id: pass.id,
    code: formatGiftCardCode(pass.code),
    status: passStatusOn(pass, today),
    startsOn: pass.startsOn,
    endsOn: pass.endsOn,
    renewableFrom: pass.endsOn ? renewableFrom(pass.endsOn, rules) : null,
    canRenew: pass.holderUserId === userId && canRenew(pass, today, rules),
    giftFor: pass.holderUserId !== userId ? pass.recipientEmail : null,
    upcomingVisit: upcoming ? { bookingId: upcoming.bookingUuid, reference: upcoming.reference, availabilityId: upcoming.availabilityId, productId: upcoming.productId, optionId: upcoming.optionId } : null,
  };
}

/** The passes the member holds, and the gifts they bought that are paid; newest first. */
export async function memberPasses(db: Database, userId: string, now: Date = serverNow()): Promise<MemberPassView[]> {
  const rows = await db.select().from(annualPasses).where(eq(annualPasses.holderUserId, userId)).orderBy(desc(annualPasses.createdAt));
  const gifts = await db.select().from(annualPasses).where(eq(annualPasses.buyerUserId, userId)).orderBy(desc(annualPasses.createdAt));
  const seen = new Set(rows.map((r) => r.id));
  const all = [...rows, ...gifts.filter((g) => !seen.has(g.id) && g.recipientEmail && g.status !== 'PENDING_PAYMENT')];
  return Promise.all(all.map((pass) => viewOf(db, pass, userId, now)));
}

export async function memberPassView(db: Database, userId: string, passId: string, now: Date = serverNow()): Promise<MemberPassView> {
  const [pass] = await db.select().from(annualPasses).where(eq(annualPasses.id, passId));
  if (!pass || (pass.holderUserId !== userId && pass.buyerUserId !== userId)) throw new AppError('NOT_FOUND', 'passNotFound');
  return viewOf(db, pass, userId, now);
}
