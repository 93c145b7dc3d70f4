import { describe, expect, it } from 'vitest';
import { plannedSlots, plannedStarts, slotForAvailabilityId } from '@/modules/inventory/schedule';
import { addLocalDays, isLocalDate, todayIn } from '@/universal/local-date';

const NY = 'America/New_York';
const plan = { startTimes: ['09:00', '21:30'], weekdays: null, durationMinutes: 60 };

describe('the local schedule', () => {
  it('names slots by their local start with the offset of that day', () => {
    expect(plannedSlots('2026-10-31', plan, NY).map((s) => s.availabilityId)).toEqual([
      '2026-10-31T09:00:00-04:00',
      '2026-10-31T21:30:00-04:00',
    ]);
    expect(plannedSlots('2026-11-01', plan, NY).map((s) => s.availabilityId)).toEqual([
      '2026-11-01T09:00:00-05:00',
      '2026-11-01T21:30:00-05:00',
    ]);
    expect(plannedSlots('2027-03-14', plan, NY)[0]!.start.toISOString()).toBe('2027-03-14T13:00:00.000Z');
  });

  it('ends a slot after its duration, across midnight', () => {
    const late = plannedSlots('2026-11-21', { ...plan, durationMinutes: 90 }, NY)[1]!;
    expect(late.localDateTimeEnd).toBe('2026-11-21T23:00:00-05:00');
  });

  it('sells a timed slot until it starts, and an all-day slot until closing', () => {
    const [timed] = plannedSlots('2026-11-21', plan, NY);
    expect([timed!.allDay, timed!.cutoff.toISOString()]).toEqual([false, '2026-11-21T14:00:00.000Z']);
    const [day] = plannedSlots('2026-11-21', { startTimes: ['09:00'], weekdays: null, durationMinutes: 13 * 60, openingHours: { from: '09:00', to: '22:00' } }, NY);
    expect(day).toMatchObject({ allDay: true, openingHours: [{ from: '09:00', to: '22:00' }], localDateTimeEnd: '2026-11-21T22:00:00-05:00' });
    expect(day!.cutoff.toISOString()).toBe('2026-11-22T03:00:00.000Z');
  });

  it('keeps to the weekdays of a plan', () => {
    const weekends = { ...plan, weekdays: [0, 6] };
    expect(plannedSlots('2026-11-21', weekends, NY)).toHaveLength(2); // Saturday
    expect(plannedSlots('2026-11-23', weekends, NY)).toHaveLength(0); // Monday
  });

  it('finds the slot an availability id names, and no other', () => {
    expect(slotForAvailabilityId('2026-11-21T09:00:00-05:00', plan, NY)?.start.toISOString()).toBe('2026-11-21T14:00:00.000Z');
    for (const id of ['2026-11-21T09:00:00-04:00', '2026-11-21T10:00:00-05:00', '2026-02-30T09:00:00-05:00', '2026-11-21', 'x', '']) {
      expect(slotForAvailabilityId(id, plan, NY)).toBeUndefined();
    }
  });

  it('knows real dates and the day in New York', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-1-5')).toBe(false);
    expect(todayIn(NY, new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
  });
});

describe('plannedStarts (the slot starts alone, decision 0057)', () => {
  it('gives the starts plannedSlots gives, every day of a year, the clock changes and night times included', () => {
    const plan = { startTimes: ['00:00', '01:30', '02:00', '02:30', '03:00', '06:15', '12:00', '23:30'], weekdays: null, durationMinutes: 60 };
    let days = 0;
    for (const timeZone of ['America/New_York', 'Australia/Sydney']) {
      for (let date = '2026-03-01'; date <= '2027-02-28'; date = addLocalDays(date, 1)) {
        expect(plannedStarts(date, plan, timeZone), `${date} ${timeZone}`).toEqual(plannedSlots(date, plan, timeZone).map((slot) => slot.start));
        days += 1;
      }
    }
    expect(days).toBe(2 * 365);
    // Weekdays the option does not plan have no starts.
    const weekdaysOnly = { ...plan, weekdays: [1, 2, 3, 4, 5] };
    expect(plannedStarts('2026-11-28', weekdaysOnly, NY)).toEqual([]);
    expect(plannedStarts('2026-11-27', weekdaysOnly, NY)).toEqual(plannedSlots('2026-11-27', weekdaysOnly, NY).map((slot) => slot.start));
  }, 30_000);
});
