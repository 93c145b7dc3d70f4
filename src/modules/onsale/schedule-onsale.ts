// Managers schedule on-sales on /staff/calendar (decision 0056): each one audited in the transaction that
// writes it. An on-sale that has not opened may be cancelled; an open one may be ended (its queue lets
// everyone through from then on).
import { TZDate } from '@date-fns/tz';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { onsales } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type Actor } from '../staff/audit-log';
import type { OnsaleFields } from './onsale-body';
import { forgetOnsale } from './onsale-reads';
import type { OnsaleRow } from './onsale-row';
import { onsaleStates, type OnsaleStatus } from './onsale-states';

/** How far in the past an opening may be written: it then opens at once. */
const PAST_GRACE_MS = 5 * 60_000;

/** What the staff list and the queue page show of an on-sale. */
export type OnsaleView = {
  id: string;
  kind: OnsaleRow['kind'];
  productId: string | null;
  day: string | null;
  opensAt: string;
  endsAt: string | null;
  ratePerMinute: number;
  status: OnsaleStatus;
  waiting: number;
  admitted: number;
  soldOut: boolean;
};

export const onsaleView = (row: OnsaleRow): OnsaleView => ({
  id: row.id,
  kind: row.kind,
  productId: row.productId,
  day: row.day,
  opensAt: row.opensAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  ratePerMinute: row.ratePerMinute,
  status: row.status,
  waiting: Math.max(row.nextPosition - row.servedThrough, 0),
  admitted: row.servedThrough,
  soldOut: row.soldOutAt !== null,
});

/** "2027-05-20T10:00" in New York as an instant. */
export function newYorkInstant(wallClock: string): Date {
  const [date, time] = wallClock.split('T') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, TIME_ZONE).getTime());
}

export async function scheduleOnsale(db: Database, fields: OnsaleFields, actor: Actor, now: Date): Promise<OnsaleView> {
  const opensAt = newYorkInstant(fields.opensAt);
  if (Number.isNaN(opensAt.getTime())) throw new AppError('INVALID_FIELDS', 'onsaleOpensAt');
  if (fields.day && fields.opensAt.slice(0, 10) > fields.day) throw new AppError('INVALID_FIELDS', 'onsaleOpensAfterDay');
  // A few minutes of grace: "now", typed to the minute while the form is filled in, opens at once.
  if (opensAt.getTime() < now.getTime() - PAST_GRACE_MS) throw new AppError('INVALID_FIELDS', 'onsaleInPast');
  const view = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(onsales)
      .values({
        productId: fields.productId,
        day: fields.day,
        opensAt,
        ratePerMinute: fields.ratePerMinute,
        createdBy: actor.kind === 'operator' ? 'operator' : actor.email,
      })
      .returning();
    await recordAudit(tx, { actor, action: 'onsale.schedule', target: row!.id, after: { productId: row!.productId, day: row!.day, opensAt: row!.opensAt.toISOString(), ratePerMinute: row!.ratePerMinute } });
    return onsaleView(row!);
  });
  // This server's holds see it at once; the others' within their copy's age (onsale-reads.ts).
  forgetOnsale(view.id);
  return view;
}

/** Cancels an on-sale that has not opened, or ends an open one. */
export async function stopOnsale(db: Database, id: string, actor: Actor): Promise<OnsaleView> {
  const view = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(onsales).where(eq(onsales.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'onsaleNotFound');
    if (row.status !== 'SCHEDULED' && row.status !== 'OPEN') throw new AppError('INVALID_FIELDS', 'onsaleOver');
    const status = onsaleStates.transition(row.status, row.status === 'SCHEDULED' ? 'CANCELLED' : 'ENDED');
    const [updated] = await tx.update(onsales).set({ status }).where(and(eq(onsales.id, id), eq(onsales.status, row.status))).returning();
    await recordAudit(tx, { actor, action: status === 'CANCELLED' ? 'onsale.cancel' : 'onsale.end', target: id, before: { status: row.status }, after: { status } });
    return onsaleView(updated!);
  });
  forgetOnsale(id);
  return view;
}

/** The newest on-sales first: those still to come or open, then the last ones that ended. */
export async function listOnsales(db: Database): Promise<OnsaleView[]> {
  const live = await db.select().from(onsales).where(inArray(onsales.status, ['SCHEDULED', 'OPEN'])).orderBy(onsales.opensAt);
  const past = await db.select().from(onsales).where(inArray(onsales.status, ['ENDED', 'CANCELLED'])).orderBy(desc(onsales.opensAt)).limit(20);
  return [...live, ...past].map(onsaleView);
}
