import { describe, expect, it } from 'vitest';
import { JOB_KINDS, retryDelayMs } from '@/modules/jobs/job-kinds';
import { currentPeriodStart, nextPeriodStart, recurringKey } from '@/modules/jobs/recurring';

describe('job back-off', () => {
  it('doubles from the first wait up to the cap, per kind', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs('loyalty.issue', n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs('loyalty.issue', 30)).toBe(3_600_000);
    expect([1, 2].map((n) => retryDelayMs('mail.send', n))).toEqual([10_000, 20_000]);
    expect(retryDelayMs('mail.send', 40)).toBe(30 * 60_000);
  });

  it('gives every kind at least one attempt and a cap no shorter than its first wait', () => {
    expect(Object.values(JOB_KINDS).every((k) => k.maxAttempts >= 1 && k.firstRetryMs <= k.lastRetryMs)).toBe(true);
  });
});

describe('recurring periods', () => {
  const every = 5_000;
  it('names a period by its start, and a late run goes on with the period after now', () => {
    const now = new Date('2026-11-26T09:15:07.250Z');
    expect(currentPeriodStart(every, now).toISOString()).toBe('2026-11-26T09:15:05.000Z');
    expect(nextPeriodStart(every, now).toISOString()).toBe('2026-11-26T09:15:10.000Z');
    expect(nextPeriodStart(every, new Date('2026-11-26T09:15:10.000Z')).toISOString()).toBe('2026-11-26T09:15:15.000Z');
    expect(recurringKey('waitlist.offer', currentPeriodStart(every, now))).toBe('waitlist.offer@2026-11-26T09:15:05.000Z');
  });
});
