// The add-ons of a period (decision 0050), for the sales report: sold and their revenue at the price paid,
// counted on the day the order was paid (as sales are, decision 0021), and handed out at the gate on the day
// they were handed out. A cancellation's refund is in the sales' refunds, as for tickets.
import { sql } from 'drizzle-orm';
import { currentCatalog } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-rows';
import { addonsHandedOutBetween } from '../inventory/addon-stock';

export type AddonFigures = { addonId: string; sold: number; revenue: number; handedOut: number };

export async function addonReport(db: Database, period: { start: Date; end: Date }): Promise<AddonFigures[]> {
  const { start, end } = period;
  const [sold, handedOut] = await Promise.all([
    rowsOf<{ addon_id: string; sold: number; revenue: number }>(
      db,
      sql`select a->>'addonId' as addon_id, sum((a->>'quantity')::int)::int as sold, sum((a->>'quantity')::int * (a->>'unitPrice')::int)::float8 as revenue
          from payments p join orders o on o.payment_id = p.id cross join lateral jsonb_array_elements(o.addons) a
          where p.purpose = 'order' and p.state = 'confirmed' and o.addon_cents > 0 and p.confirmed_at >= ${start} and p.confirmed_at < ${end}
          group by 1`,
    ),
    addonsHandedOutBetween(db, start, end),
  ]);
  const ids = [...new Set([...sold.map((r) => r.addon_id), ...handedOut.keys()])];
  const position = (id: string) => {
    const { addons } = currentCatalog();
    const at = addons.findIndex((a) => a.id === id);
    return at < 0 ? addons.length : at;
  };
  return ids
    .sort((a, b) => position(a) - position(b) || a.localeCompare(b))
    .map((addonId) => {
      const row = sold.find((r) => r.addon_id === addonId);
      return { addonId, sold: Number(row?.sold ?? 0), revenue: Number(row?.revenue ?? 0), handedOut: handedOut.get(addonId) ?? 0 };
    });
}
