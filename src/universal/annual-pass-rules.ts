// The annual pass's rules (decision 0051), pure so that the server decides with them and the pages show
// what they will decide: a pass's state on a given New York day, when it may be renewed and to when, and
// why a visit with it is refused. Dates are New York dates ("2027-05-12"); a pass's year is inclusive of
// both ends.
import { addLocalDays } from './local-date';

export type PassRules = {
  validDays: number;
  renewFromDaysBefore: number;
  covers: { productId: string; optionIds: string[] }[];
  upcomingVisitsAtATime: number;
  visitorsPerVisit: number;
};

export type StoredPassStatus = 'PENDING_PAYMENT' | 'UNCLAIMED' | 'ACTIVE';
/** The state as read: time alone writes nothing, a pass past its last day reads EXPIRED. */
export type PassStatus = StoredPassStatus | 'EXPIRED';

export type PassDates = { status: StoredPassStatus; startsOn: string | null; endsOn: string | null };

/** The last day of a year of visits starting on `startsOn`. */
export const passEndFrom = (startsOn: string, validDays: number): string => addLocalDays(startsOn, validDays - 1);

/** A renewal adds a year counted from the old end, not from the day it is paid: nothing is lost by renewing early. */
export const passEndAfterRenewal = (endsOn: string, validDays: number): string => addLocalDays(endsOn, validDays);

export function passStatusOn(pass: PassDates, today: string): PassStatus {
  if (pass.status === 'ACTIVE' && pass.endsOn && today > pass.endsOn) return 'EXPIRED';
  return pass.status;
}

/** The first day a renewal may be bought. */
export const renewableFrom = (endsOn: string, rules: Pick<PassRules, 'renewFromDaysBefore'>): string => addLocalDays(endsOn, -rules.renewFromDaysBefore);

/** Whether the holder may renew today: an active pass, from `renewFromDaysBefore` days before its end until its last day. */
export function canRenew(pass: PassDates, today: string, rules: Pick<PassRules, 'renewFromDaysBefore'>): boolean {
  return pass.status === 'ACTIVE' && !!pass.endsOn && today >= renewableFrom(pass.endsOn, rules) && today <= pass.endsOn;
}

export type PassVisitRefusal =
  | 'passNone'
  | 'passNotActive'
  | 'passExpired'
  | 'passNotStarted'
  | 'passOptionNotCovered'
  | 'passVisitors'
  | 'passClosedDay'
  | 'passVisitPending';

export type PassVisit = {
  productId: string;
  optionId: string;
  /** Tickets asked for. */
  tickets: number;
  /** The New York date of the slot. */
  visitDate: string;
  /** Whether the attraction is closed that day (the catalogue's closed dates or a closure staff made). */
  closedDay: boolean;
  /** The pass's visits still to come (booked, not cancelled, not yet past). */
  upcomingVisits: number;
};

/** Why a visit with this pass is refused, or null when the rules allow it; the first rule broken, in the
 * order a member can act on (the pass, then the choice, then the day, then their other visits). */
export function passVisitRefusal(pass: PassDates | undefined, visit: PassVisit, rules: PassRules): PassVisitRefusal | null {
  if (!pass) return 'passNone';
  if (pass.status !== 'ACTIVE' || !pass.startsOn || !pass.endsOn) return 'passNotActive';
  if (visit.visitDate > pass.endsOn) return 'passExpired';
  if (visit.visitDate < pass.startsOn) return 'passNotStarted';
  const covered = rules.covers.some((c) => c.productId === visit.productId && c.optionIds.includes(visit.optionId));
  if (!covered) return 'passOptionNotCovered';
  if (visit.tickets !== rules.visitorsPerVisit) return 'passVisitors';
  if (visit.closedDay) return 'passClosedDay';
  if (visit.upcomingVisits >= rules.upcomingVisitsAtATime) return 'passVisitPending';
  return null;
}
