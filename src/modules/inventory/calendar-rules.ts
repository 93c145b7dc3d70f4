// What managers changed over the catalogue (the staff calendar, decision 0020): closed days with their
// reason, and slots' capacities. Read from the database by every hold, under the slot's lock, so a change
// binds every server sharing the database at once; availability reads remember them briefly
// (calendar-rules-cache.ts, decision 0026).
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { capacityOverrides, dayClosures } from '@/server/db/schema';

export type CalendarRules = {
  /** Local dates closed by a manager, with the reason visitors read. */
  closed: Map<string, string>;
  /** Slot start (epoch ms) → capacity set by a manager. */
  capacity: Map<number, number>;
};

type RuleRow = { kind: string; local_date: string | null; reason: string | null; slot_ms: number | null; capacity: number | null };

/** The closures of the dates from `firstDate` to `lastDate` and an option's capacities between two slot starts, in one query. */
export async function calendarRules(executor: Database, optionId: string, firstDate: string, lastDate: string, from: Date, to: Date): Promise<CalendarRules> {
  const result = await executor.execute(sql`
    select 'capacity' as kind, null::text as local_date, null::text as reason,
           (extract(epoch from ${capacityOverrides.slotStart}) * 1000)::float8 as slot_ms, ${capacityOverrides.capacity} as capacity
      from ${capacityOverrides}
     where ${capacityOverrides.optionId} = ${optionId} and ${capacityOverrides.slotStart} >= ${from.toISOString()}::timestamptz
       and ${capacityOverrides.slotStart} <= ${to.toISOString()}::timestamptz
    union all
    select 'closed', ${dayClosures.localDate}, ${dayClosures.reason}, null::float8, null::integer
      from ${dayClosures}
     where ${dayClosures.localDate} >= ${firstDate} and ${dayClosures.localDate} <= ${lastDate}`);
  const rows = (result as unknown as { rows: RuleRow[] }).rows;
  const rules: CalendarRules = { closed: new Map(), capacity: new Map() };
  for (const row of rows) {
    if (row.kind === 'closed') rules.closed.set(row.local_date!, row.reason!);
    else rules.capacity.set(Number(row.slot_ms), Number(row.capacity));
  }
  return rules;
}

/** One slot's capacity and whether its day is closed by a manager; read inside the caller's transaction, after lockSlot. */
export async function slotRule(executor: Database, optionId: string, localDate: string, start: Date): Promise<{ capacity: number | undefined; closed: boolean }> {
  const [override] = await executor
    .select({ capacity: capacityOverrides.capacity })
    .from(capacityOverrides)
    .where(and(eq(capacityOverrides.optionId, optionId), eq(capacityOverrides.slotStart, start)));
  const [closure] = await executor.select({ localDate: dayClosures.localDate }).from(dayClosures).where(eq(dayClosures.localDate, localDate));
  return { capacity: override?.capacity, closed: Boolean(closure) };
}
