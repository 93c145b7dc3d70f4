// The reports' promo lines (decision 0049): per code, the uses kept by orders paid in the period and what
// they took off; uses given back (an unpaid hold, a cancellation before the visit) do not count.
import { and, count, eq, gte, lt, sum } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { promoCodes, promoUses } from '@/server/db/schema';
import { rangeInstants, type ReportRange } from '../reports/report-range';

export type PromoReport = { byCode: { code: string; uses: number; cents: number }[]; uses: number; cents: number };

export async function promoReport(db: Database, range: ReportRange): Promise<PromoReport> {
  const { start, end } = rangeInstants(range, TIME_ZONE);
  const rows = await db
    .select({ code: promoCodes.code, uses: count(), cents: sum(promoUses.cents) })
    .from(promoUses)
    .innerJoin(promoCodes, eq(promoCodes.id, promoUses.promoId))
    .where(and(eq(promoUses.state, 'used'), gte(promoUses.settledAt, start), lt(promoUses.settledAt, end)))
    .groupBy(promoCodes.code)
    .orderBy(promoCodes.code);
  const byCode = rows.map((r) => ({ code: r.code, uses: Number(r.uses), cents: Number(r.cents ?? 0) }));
  return { byCode, uses: byCode.reduce((n, r) => n + r.uses, 0), cents: byCode.reduce((n, r) => n + r.cents, 0) };
}
