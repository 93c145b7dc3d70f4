// The rules of the places kept for members (modules/inventory/member-places.ts, decision 0041): the demo
// program's section, the share rounded down, its release 48 hours before the slot, who may take it, and the
// weekend sunrise kept for Local Legends.
import { describe, expect, it } from 'vitest';
import { currentMemberPlaces, tierRank } from '@/config/member-places';
import { memberPlacesSchema } from '@/config/program-member-places-schema';
import type { OptionRow } from '@/modules/inventory/catalog';
import { allotmentDrawn, keptForMembers, mayBookSlot, mayUseAllotment, memberOnlyTier, slotAsSeenBy, vacanciesFor } from '@/modules/inventory/member-places';
import { plannedSlots } from '@/modules/inventory/schedule';

const HOUR = 3_600_000;
const NY = 'America/New_York';
const sunrise = { id: 'sunrise-weekend', productId: 'sunrise', startTimes: ['06:30'], weekdays: [5, 6, 0], durationMinutes: 90, openingHours: null, capacity: 10 } as unknown as OptionRow;
const express = { id: 'express-main-top', productId: 'express-pass', startTimes: ['09:00', '10:00'], weekdays: null, durationMinutes: 90, openingHours: null, capacity: 20 } as unknown as OptionRow;

describe('places kept for members', () => {
  it('is the demo program: 10 % of each option for Regulars and above until 48 hours before, weekend sunrise for Local Legends', () => {
    expect(currentMemberPlaces()).toMatchObject({
      allotment: { percent: 10, options: {}, tier: 'regular', releaseHours: 48 },
      memberOnlySlots: [{ productId: 'sunrise', optionId: 'sunrise-weekend', weekdays: [6, 0], times: 'first', tier: 'local-legend' }],
    });
    expect([null, 'explorer', 'regular', 'local-legend'].map(tierRank)).toEqual([-1, 0, 1, 2]);
    expect(memberPlacesSchema.safeParse({ allotment: { percent: 60, tier: 'regular', releaseHours: 48 } }).success).toBe(false);
    expect(memberPlacesSchema.safeParse({ allotment: { percent: 10, tier: 'regular', releaseHours: 48 }, memberOnlySlots: [{ productId: 'a', optionId: 'b', weekdays: [7], times: 'first', tier: 'x' }] }).success).toBe(false);
  });

  it('keeps floor(capacity × 10 %) whole places until 48 hours before the slot', () => {
    const [slot] = plannedSlots('2027-06-02', express, NY);
    const early = new Date(slot!.start.getTime() - 49 * HOUR);
    expect([150, 40, 20, 19, 10, 9, 0].map((capacity) => keptForMembers(express.id, capacity, slot!, early))).toEqual([15, 4, 2, 1, 1, 0, 0]);
    expect(keptForMembers(express.id, 20, slot!, new Date(slot!.start.getTime() - 48 * HOUR))).toBe(0);
  });

  it('lets Regulars and above take any free place, others only those beyond the places kept, and counts what a hold draws from them', () => {
    expect([{ memberTier: null }, { memberTier: 'explorer' }, { memberTier: 'regular' }, { memberTier: 'local-legend' }].map(mayUseAllotment)).toEqual([false, false, true, true]);
    expect(vacanciesFor({ memberTier: 'explorer' }, 5, 2)).toBe(3);
    expect(vacanciesFor({ memberTier: 'regular' }, 5, 2)).toBe(5);
    // 5 free, 2 kept: 3 general places go first.
    expect([1, 3, 4, 5].map((wanted) => allotmentDrawn(5, 2, wanted))).toEqual([0, 0, 1, 2]);
    const [slot] = plannedSlots('2027-06-02', express, NY);
    const at = new Date(slot!.start.getTime() - 100 * HOUR);
    expect(slotAsSeenBy({ memberTier: 'explorer' }, express, slot!, 20, 0, at)).toEqual({ capacity: 18, vacancies: 18, keptForMembers: 0, membersOnlyTier: null });
    expect(slotAsSeenBy({ memberTier: 'regular' }, express, slot!, 20, 19, at)).toEqual({ capacity: 20, vacancies: 1, keptForMembers: 1, membersOnlyTier: null });
    expect(slotAsSeenBy({ memberTier: null }, express, slot!, 20, 19, at)).toEqual({ capacity: 19, vacancies: 0, keptForMembers: 0, membersOnlyTier: null });
  });

  it('keeps the first sunrise of Saturdays and Sundays for Local Legends, not Fridays', () => {
    const [friday, saturday, sunday] = ['2027-06-04', '2027-06-05', '2027-06-06'].map((d) => plannedSlots(d, sunrise, NY)[0]!);
    expect([friday, saturday, sunday].map((slot) => memberOnlyTier(sunrise, slot!))).toEqual([null, 'local-legend', 'local-legend']);
    expect([null, 'explorer', 'regular', 'local-legend'].map((memberTier) => mayBookSlot({ memberTier }, 'local-legend'))).toEqual([false, false, false, true]);
    expect(mayBookSlot({ memberTier: null }, null)).toBe(true);
  });
});
