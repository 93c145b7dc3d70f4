// Availability reads remember managers' calendar rules for a moment (decision 0026): within RULES_TTL_MS
// the database is not asked again, a change through this server is seen at once, a failed read is not kept.
import { describe, expect, it } from 'vitest';
import { rememberedRules, RULES_TTL_MS } from '@/modules/inventory/calendar-rules-cache';
import type { CalendarRules } from '@/modules/inventory/calendar-rules';
import { signalCalendarChanged } from '@/server/db/calendar-changed';
import type { Database } from '@/server/db/client';

/** A database stand-in: the cache only uses it as a key; each test gets its own. */
const database = () => ({}) as Database;

function countingRead(closed: Record<string, string> = {}) {
  const read = async (): Promise<CalendarRules> => {
    read.calls++;
    return { closed: new Map(Object.entries(closed)), capacity: new Map() };
  };
  read.calls = 0;
  return read;
}

describe('the calendar rules remembered by availability reads', () => {
  it('asks the database once within the time to live, and again after it', async () => {
    const db = database();
    const read = countingRead();
    await rememberedRules(db, 'day', read, 1_000);
    await rememberedRules(db, 'day', read, 1_000 + RULES_TTL_MS - 1);
    expect(read.calls).toBe(1);
    await rememberedRules(db, 'day', read, 1_000 + RULES_TTL_MS);
    expect(read.calls).toBe(2);
  });

  it('shares one read among calls that miss at the same moment', async () => {
    const db = database();
    const read = countingRead();
    await Promise.all(Array.from({ length: 20 }, () => rememberedRules(db, 'day', read, 5)));
    expect(read.calls).toBe(1);
  });

  it('forgets everything when a manager changes the calendar through this server', async () => {
    const db = database();
    const open = countingRead();
    expect((await rememberedRules(db, 'day', open, 10)).closed.size).toBe(0);
    signalCalendarChanged();
    const closed = countingRead({ '2026-12-24': 'Private event' });
    expect((await rememberedRules(db, 'day', closed, 11)).closed.get('2026-12-24')).toBe('Private event');
    expect(closed.calls).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const db = database();
    await expect(rememberedRules(db, 'day', () => Promise.reject(new Error('connection lost')), 20)).rejects.toThrow('connection lost');
    const read = countingRead();
    await rememberedRules(db, 'day', read, 21);
    expect(read.calls).toBe(1);
  });
});
