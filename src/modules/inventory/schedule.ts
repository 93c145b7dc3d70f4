// Our inventory's slots of an option on a local date, and OCTO availability ids
// ("2026-11-21T09:00:00-05:00"), in the attraction's time zone. Pure functions: the clock is passed in.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { isLocalDate, weekdayOf } from '@/universal/local-date';

export type Slot = {
  availabilityId: string;
  localDate: string;
  start: Date;
  end: Date;
  localDateTimeStart: string;
  localDateTimeEnd: string;
  /** Until when it is sold: its start, or for an all-day slot the closing time. */
  cutoff: Date;
  /** Entry any time during opening hours (one slot a day). */
  allDay: boolean;
  openingHours: { from: string; to: string }[];
};

type PlainPlan = { startTimes: string[]; weekdays: number[] | null; durationMinutes: number; openingHours?: { from: string; to: string } | null };

/** An option's plan: its own, and the plans that replace it from one local date to another (both included). */
export type SlotPlan = PlainPlan & { dated?: (PlainPlan & { from: string; to: string })[] };

/** The plan of a local date: the dated plan covering it, else the option's own. */
export function planOn(plan: SlotPlan, localDate: string): PlainPlan {
  return plan.dated?.find((d) => d.from <= localDate && localDate <= d.to) ?? plan;
}

const AVAILABILITY_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00([+-]\d{2}:\d{2})$/;
const ISO_WITH_OFFSET = "yyyy-MM-dd'T'HH:mm:ssXXX";

function slotAt(localDate: string, time: string, plan: PlainPlan, timeZone: string): Slot {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const start = new TZDate(y, m - 1, d, h, min, timeZone);
  const end = new TZDate(start.getTime() + plan.durationMinutes * 60_000, timeZone);
  const localDateTimeStart = format(start, ISO_WITH_OFFSET);
  const hours = plan.openingHours ?? null;
  return {
    availabilityId: localDateTimeStart,
    localDate,
    start: new Date(start.getTime()),
    end: new Date(end.getTime()),
    localDateTimeStart,
    localDateTimeEnd: format(end, ISO_WITH_OFFSET),
    cutoff: new Date((hours ? end : start).getTime()),
    allDay: hours !== null,
    openingHours: hours ? [hours] : [],
  };
}

/** The slots an option plans on a date (closed days and the clock are the caller's business). */
export function plannedSlots(localDate: string, option: SlotPlan, timeZone: string): Slot[] {
  const plan = planOn(option, localDate);
  if (plan.weekdays && !plan.weekdays.includes(weekdayOf(localDate))) return [];
  return plan.startTimes.map((time) => slotAt(localDate, time, plan, timeZone));
}

/**
 * The start instants of the slots an option plans on a date, without the rest of each slot: for reads over
 * a year of days (the members' allotment by day, decision 0057), where a whole slot each (two time zone
 * conversions and two formats) cost seconds. A day whose UTC offset is the same at its start and its end
 * has that offset at every slot; a day of a clock change takes the exact conversion per slot.
 */
/** A date's UTC offset at its start, and whether it keeps it all day (per time zone and date; bounded). */
const dayOffsets = new Map<string, { offset: number; steady: boolean }>();

export function plannedStarts(localDate: string, plan: SlotPlan, timeZone: string): Date[] {
  if (plan.weekdays && !plan.weekdays.includes(weekdayOf(localDate))) return [];
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const key = `${timeZone}|${localDate}`;
  let day = dayOffsets.get(key);
  if (!day) {
    const offsetAt = (h: number, min: number) => Date.UTC(y, m - 1, d, h, min) - new TZDate(y, m - 1, d, h, min, timeZone).getTime();
    day = { offset: offsetAt(0, 0), steady: offsetAt(0, 0) === offsetAt(23, 59) };
    if (dayOffsets.size > 4000) dayOffsets.clear();
    dayOffsets.set(key, day);
  }
  const { offset, steady } = day;
  return plan.startTimes.map((time) => {
    const [h, min] = time.split(':').map(Number) as [number, number];
    return new Date(steady ? Date.UTC(y, m - 1, d, h, min) - offset : new TZDate(y, m - 1, d, h, min, timeZone).getTime());
  });
}

/** The planned slot an availability id names, or undefined when it names none (or has the wrong offset). */
export function slotForAvailabilityId(id: string, option: SlotPlan, timeZone: string): Slot | undefined {
  const match = AVAILABILITY_ID.exec(id);
  if (!match) return undefined;
  const [, localDate, time] = match as unknown as [string, string, string];
  if (!isLocalDate(localDate)) return undefined;
  const plan = planOn(option, localDate);
  if (!plan.startTimes.includes(time)) return undefined;
  if (plan.weekdays && !plan.weekdays.includes(weekdayOf(localDate))) return undefined;
  const slot = slotAt(localDate, time, plan, timeZone);
  return slot.availabilityId === id ? slot : undefined;
}
