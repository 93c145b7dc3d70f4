// What an on-sale covers decides when it is sold out (decision 0061): one product or every product, one day or
// every day that can still be booked (today to the end of the booking window, read from the supplier's
// calendar). And the waiting room asks again when the server says.
import { describe, expect, it } from 'vitest';
import { currentCatalog } from '@/config/catalog';
import { placesLeftIn } from '@/modules/onsale/sold-out';
import type { SupplierPort } from '@/ports/supplier';
import { addLocalDays } from '@/universal/local-date';
import { longestPollMs, QUEUE_POLL_FAR_MAX_MS, QUEUE_POLL_MAX_MS, QUEUE_POLL_MIN_MS, queuePollDelay } from '@/universal/queue-poll';

/** A supplier of two products (one option each) whose places are `left` by product and day. */
function supplierWith(left: Record<string, Record<string, number>>) {
  const asked: string[] = [];
  const supplier = {
    getProducts: async () => Object.keys(left).map((id) => ({ id, options: [{ id: `${id}-option` }] })),
    getProduct: async (id: string) => ({ id, options: [{ id: `${id}-option` }] }),
    availability: async ({ productId, localDate }: { productId: string; localDate: string }) => {
      asked.push(`${productId} ${localDate}`);
      const n = left[productId]?.[localDate] ?? 0;
      return [{ id: `${localDate}T09:00:00-04:00`, available: n > 0, vacancies: n }];
    },
    availabilityCalendar: async ({ productId, localDateStart, localDateEnd }: { productId: string; localDateStart: string; localDateEnd: string }) => {
      asked.push(`${productId} ${localDateStart}..${localDateEnd}`);
      return Object.entries(left[productId] ?? {})
        .filter(([day]) => day >= localDateStart && day <= localDateEnd)
        .map(([localDate, n]) => ({ localDate, available: n > 0, vacancies: n }));
    },
  };
  return { supplier: supplier as unknown as SupplierPort, asked };
}

// Wednesday 2027-05-12 10:00 in New York.
const NOW = new Date('2027-05-12T14:00:00Z');
const LAST_DAY = addLocalDays('2027-05-12', currentCatalog().bookingWindowDays);

describe('when an on-sale is sold out', () => {
  it('of every product on one day: when no product has a place that day', async () => {
    const some = supplierWith({ a: { '2027-06-01': 0 }, b: { '2027-06-01': 1 } });
    expect(await placesLeftIn(some.supplier, { productId: null, day: '2027-06-01' }, NOW)).toBe(true);
    expect(some.asked).toEqual(['a 2027-06-01', 'b 2027-06-01']);
    const none = supplierWith({ a: { '2027-06-01': 0 }, b: { '2027-06-01': 0, '2027-06-02': 5 } });
    expect(await placesLeftIn(none.supplier, { productId: null, day: '2027-06-01' }, NOW)).toBe(false);
  });

  it('of one product on every day: when no day from today to the end of the booking window has a place', async () => {
    const later = supplierWith({ a: { '2027-05-12': 0, [LAST_DAY]: 2 }, b: { '2027-05-13': 9 } });
    expect(await placesLeftIn(later.supplier, { productId: 'a', day: null }, NOW)).toBe(true);
    expect(later.asked).toEqual([`a 2027-05-12..${LAST_DAY}`]);
    const gone = supplierWith({ a: { '2027-05-12': 0, [addLocalDays(LAST_DAY, 1)]: 2 }, b: { '2027-05-13': 9 } });
    expect(await placesLeftIn(gone.supplier, { productId: 'a', day: null }, NOW)).toBe(false);
  });

  it('of every product on every day: when no product has a place on any day it can be booked', async () => {
    expect(await placesLeftIn(supplierWith({ a: { '2027-05-20': 0 }, b: { '2027-07-01': 1 } }).supplier, { productId: null, day: null }, NOW)).toBe(true);
    expect(await placesLeftIn(supplierWith({ a: { '2027-05-20': 0 }, b: { '2027-07-01': 0 } }).supplier, { productId: null, day: null }, NOW)).toBe(false);
  });
});

describe('the waiting room asks again', () => {
  it('when the server says, within the rule\'s bounds; after a busy answer by its own back-off', () => {
    expect(queuePollDelay({ phase: 'waiting', estimatedWaitSeconds: 600, pollAfterMs: 7_300 })).toBe(7_300);
    expect(queuePollDelay({ phase: 'waiting', pollAfterMs: 10 })).toBe(QUEUE_POLL_MIN_MS * 0.9);
    expect(queuePollDelay({ phase: 'waiting', pollAfterMs: 10 * 60_000 })).toBe(QUEUE_POLL_FAR_MAX_MS * 1.1);
    expect(queuePollDelay({ phase: 'busy', pollAfterMs: 2_000 }, 0, 1)).toBe(2 * QUEUE_POLL_MIN_MS);
  });

  it('in a long line, far back less often: the whole line about 500 times a second, at most every minute', () => {
    expect([0, 7_500, 10_000, 20_000, 100_000].map(longestPollMs)).toEqual([QUEUE_POLL_MAX_MS, QUEUE_POLL_MAX_MS, 20_000, 40_000, QUEUE_POLL_FAR_MAX_MS]);
    // Near the front it stays 2 s whatever the line's length; far back, a tenth of the wait up to that bound.
    expect(queuePollDelay({ phase: 'waiting', estimatedWaitSeconds: 5 }, 0, 0, longestPollMs(20_000))).toBe(QUEUE_POLL_MIN_MS);
    expect(queuePollDelay({ phase: 'waiting', estimatedWaitSeconds: 300 }, 0, 0, longestPollMs(20_000))).toBe(30_000);
    expect(queuePollDelay({ phase: 'waiting', estimatedWaitSeconds: 1_800 }, 0, 0, longestPollMs(20_000))).toBe(40_000);
  });
});
