// The rate-limit counters (server/rate-limit.ts): every counter of one request is counted by one statement, a
// refusal answers the longest wait of the counters past their limit, and two requests that share counters, in
// whatever order they name them, never deadlock (the rows are written in the order of their keys).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceRateLimits } from '@/server/rate-limit';
import { AppError } from '@/server/errors';
import { rateLimitCounters } from '@/server/db/schema';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';

const NOW = new Date('2030-06-01T13:00:30Z');
const MINUTE = { max: 2, windowMs: 60_000 };
const HOUR = { max: 3, windowMs: 3_600_000 };

describe.each(TEST_BACKENDS)('the rate-limit counters on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
  });
  afterAll(async () => database?.dispose());

  const counts = async (keys: string[]) => {
    const rows = await database.db.select().from(rateLimitCounters);
    return Object.fromEntries(keys.map((key) => [key, rows.find((r) => r.key === key)?.count ?? 0]));
  };

  it('counts each counter once an attempt, refused ones too, and answers the longest wait past a limit', async () => {
    const member = `book:member:${randomUUID()}`;
    const address = `book:ip:${randomUUID()}`;
    const attempt = () => enforceRateLimits(database.db, [{ key: member, limit: MINUTE }, { key: address, limit: HOUR }], NOW);
    await attempt();
    await attempt();
    expect(await counts([member, address])).toEqual({ [member]: 2, [address]: 2 });

    // The member's minute is spent (2), the address's hour not yet (3): 30 s left of the minute.
    const refused = await attempt().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    expect((refused as AppError).headers).toEqual({ 'Retry-After': '30' });

    // Both past their limit: the hour's wait, the longer (59 min 30 s).
    const both = await attempt().catch((error: unknown) => error);
    expect((both as AppError).headers).toEqual({ 'Retry-After': String(3_600 - 30) });
    expect(await counts([member, address])).toEqual({ [member]: 4, [address]: 4 });
  });

  it('counts a key named twice once', async () => {
    const key = `login:${randomUUID()}`;
    await enforceRateLimits(database.db, [{ key, limit: HOUR }, { key, limit: HOUR }], NOW);
    expect(await counts([key])).toEqual({ [key]: 1 });
  });

  it('lets many requests that share counters, named in either order, count together without a deadlock', async () => {
    const first = `book:member:${randomUUID()}`;
    const second = `book:ip:${randomUUID()}`;
    const plenty = { max: 1_000, windowMs: 60_000 };
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        enforceRateLimits(database.db, i % 2 ? [{ key: first, limit: plenty }, { key: second, limit: plenty }] : [{ key: second, limit: plenty }, { key: first, limit: plenty }], NOW),
      ),
    );
    expect(await counts([first, second])).toEqual({ [first]: 40, [second]: 40 });
  });
});
