// Visits booked with an annual pass (decision 0051): the pass's visits still to come, and the check a Book
// "with my annual pass" passes before any place is held (start-checkout.ts, inside the member's
// one-Book-at-a-time lock, so two Books cannot both find no visit to come).
import { and, desc, eq, gt, gte, inArray, isNull, or } from 'drizzle-orm';
import { catalogClosed } from '../calendar/catalog-options';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { annualPasses, orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { passVisitRefusal } from '@/universal/annual-pass-rules';
import { localDatePart, todayIn } from '@/universal/local-date';
import { admittedAmong } from '../inventory/admissions';
import { closureReasons } from '../inventory/closures';
import type { OrderDiscounts } from '../promos/checkout-promo';
import { annualPassConfig } from './pass-config';

export type PassRow = typeof annualPasses.$inferSelect;

/** The pass's bookings still to come: confirmed (or an unpaid hold still running), on today or later, and
 * not yet admitted at the gate. A cancelled visit is not one: cancelling frees the pass. */
export async function upcomingPassVisits(db: Database, passId: string, now: Date) {
  const today = todayIn(TIME_ZONE, now);
  const rows = await db
    .select({ bookingUuid: orders.bookingUuid, reference: orders.supplierReference, availabilityId: orders.availabilityId, productId: orders.productId, optionId: orders.optionId, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.passId, passId),
        gte(orders.availabilityId, today),
        or(eq(orders.status, 'CONFIRMED'), and(eq(orders.status, 'PENDING_PAYMENT'), isNull(orders.releasedAt), gt(orders.holdExpiresAt, now))),
      ),
    )
    .orderBy(orders.availabilityId);
  const admitted = new Set(await admittedAmong(db, rows.map((r) => r.bookingUuid)));
  return rows.filter((r) => !admitted.has(r.bookingUuid));
}

/** The member's pass a visit would be booked with: their active pass that ends last. */
export async function holderPass(db: Database, userId: string): Promise<PassRow | undefined> {
  const [pass] = await db
    .select()
    .from(annualPasses)
    .where(and(eq(annualPasses.holderUserId, userId), inArray(annualPasses.status, ['ACTIVE'])))
    .orderBy(desc(annualPasses.endsOn))
    .limit(1);
  return pass;
}

/** The pass that pays a visit, or a refusal naming the rule it breaks (409 PASS_REFUSED, translated). */
export async function checkPassVisit(db: Database, userId: string, visit: { productId: string; optionId: string; tickets: number; selectedTime: string }, now: Date): Promise<PassRow> {
  const rules = annualPassConfig();
  const pass = await holderPass(db, userId);
  const visitDate = localDatePart(visit.selectedTime);
  const closedDay = catalogClosed(visitDate) || (await closureReasons(db, visitDate, visitDate)).has(visitDate);
  const upcomingVisits = pass ? (await upcomingPassVisits(db, pass.id, now)).length : 0;
  const refusal = passVisitRefusal(pass, { productId: visit.productId, optionId: visit.optionId, tickets: visit.tickets, visitDate, closedDay, upcomingVisits }, rules);
  if (refusal === 'passNone') throw new AppError('NOT_FOUND', refusal);
  if (refusal) throw new AppError('PASS_REFUSED', refusal, { visitors: rules.visitorsPerVisit, until: pass?.endsOn ?? '' });
  return pass!;
}

/** The order's discount columns of a pass visit: all of the list price, named for the pass. */
export function passVisitDiscounts(listPrice: number): OrderDiscounts {
  return {
    taken: listPrice,
    promo: null,
    reward: null,
    columns: { discountCents: listPrice, discountReason: PASS_DISCOUNT_REASON, promoCode: null, promoCents: 0, rewardCents: 0, rewardReason: null },
  };
}

export const PASS_DISCOUNT_REASON = 'annual-pass';
