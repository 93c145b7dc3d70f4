// Availability of one option on one day, or over a month, for the quantities chosen.
import type { Availability } from '@octocloud/types';
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { TIME_ZONE } from '@/config/attraction';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { AppError } from '@/server/errors';
import type { AvailabilityRequest, CalendarRequest } from './availability-request';
import { supplierRefusal } from './supplier-refusal';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

export type WebSlot = {
  id: string;
  localDateTimeStart: string;
  localDateTimeEnd: string;
  status: string;
  available: boolean;
  vacancies: number;
  capacity: number;
  /** The price of the chosen quantities, in minor units. */
  total: number | null;
  currency: string | null;
  /** For a member: how many of the places shown are kept for members (decision 0041). */
  keptForMembers?: number;
  /** The tier a slot is kept for, when the member's is below it (a visitor's: always). */
  membersOnlyTier?: string;
};

/** The signed-in member's tier and its extra tickets per booking (decisions 0038, 0041); a visitor has neither. */
export type MemberChoices = { extraUnits: number; memberTier?: string };

/** Skypass's own fields of our own inventory's answer to the website (decision 0041). */
type MemberAvailability = Availability & { keptForMembers?: number; membersOnlyTier?: string };

const asked = ({ extraUnits, memberTier }: MemberChoices) => ({ ...(extraUnits > 0 ? { extraUnits } : {}), ...(memberTier ? { memberTier } : {}) });

/** `closedReason`: why a manager closed the day (the staff calendar), for the visitor to read. */
export type WebDay = { localDate: string; status: string; available: boolean; closedReason?: string };

/** The reasons of days closed by a manager between two dates. */
export type ClosureReasons = (firstDate: string, lastDate: string) => Promise<Map<string, string>>;

const units = (quantities: Record<string, number> = {}) => Object.entries(quantities).map(([id, quantity]) => ({ id, quantity }));

/** A supplier's refusal of bad input is the visitor's 400; a database outage (our own inventory out of
 * reach) stays an outage, answered 503 at the edge; anything else is "Failed to fetch availability". */
function fromSupplier(error: unknown): never {
  if (isDatabaseUnavailable(error)) throw error;
  const supplierFault: SupplierError['code'][] = ['INTERNAL_SERVER_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'];
  if (error instanceof SupplierError && !supplierFault.includes(error.code)) {
    throw new AppError('BAD_REQUEST', ...supplierRefusal(error));
  }
  log.error('[availability] supplier failed', { error });
  throw new AppError('SUPPLIER_FAILED', 'availabilityFailed');
}

/** `member`: the signed-in member's tier and extra tickets per booking; none for anyone else. */
export async function checkAvailability(supplier: SupplierPort, request: AvailabilityRequest, now = serverNow(), member: MemberChoices = { extraUnits: 0 }): Promise<WebSlot[]> {
  const today = todayIn(TIME_ZONE, now);
  if (request.selectedDate < today) throw new AppError('BAD_REQUEST', 'dateFromToday');
  const slots = await supplier
    .availability({
      productId: request.productId,
      optionId: request.optionId,
      localDateStart: request.selectedDate,
      localDateEnd: request.selectedDate,
      units: units(request.quantities),
      ...asked(member),
    })
    .catch(fromSupplier);
  return (slots as MemberAvailability[]).map((slot) => ({
    id: slot.id,
    localDateTimeStart: slot.localDateTimeStart,
    localDateTimeEnd: slot.localDateTimeEnd,
    status: slot.status,
    available: slot.available,
    vacancies: slot.vacancies ?? 0,
    capacity: slot.capacity ?? 0,
    ...slotTotal(slot, request.quantities),
    ...(slot.keptForMembers ? { keptForMembers: slot.keptForMembers } : {}),
    ...(slot.membersOnlyTier ? { membersOnlyTier: slot.membersOnlyTier } : {}),
  }));
}

/** The slot's price of the chosen quantities: the supplier's total (per booking, or for the units asked
 * about), else the sum of its unit prices (also when the total is 0 beside priced units, as octomock
 * answers); null when it gives neither. */
function slotTotal(slot: Availability, quantities: Record<string, number>): { total: number | null; currency: string | null } {
  const total = slot.pricing ? { total: slot.pricing.retail, currency: slot.pricing.currency } : null;
  if (total && total.total > 0) return total;
  const chosen = Object.entries(quantities).filter(([, n]) => n > 0);
  const prices = chosen.map(([unitId, n]) => ({ price: slot.unitPricing?.find((p) => p.unitId === unitId), n }));
  if (chosen.length === 0 || prices.some((p) => !p.price)) return total ?? { total: null, currency: null };
  return { total: prices.reduce((sum, p) => sum + p.price!.retail * p.n, 0), currency: prices[0]!.price!.currency };
}

export async function checkCalendar(supplier: SupplierPort, request: CalendarRequest, now = serverNow(), reasons?: ClosureReasons, member: MemberChoices = { extraUnits: 0 }): Promise<WebDay[]> {
  const today = todayIn(TIME_ZONE, now);
  const first = `${request.month}-01`;
  const last = addLocalDays(`${addLocalDays(first, 31).slice(0, 7)}-01`, -1);
  if (last < today) return [];
  const start = first < today ? today : first;
  const [days, closed] = await Promise.all([
    supplier
      .availabilityCalendar({
        productId: request.productId,
        optionId: request.optionId,
        localDateStart: start,
        localDateEnd: last,
        units: units(request.quantities),
        ...asked(member),
      })
      .catch(fromSupplier),
    reasons?.(start, last),
  ]);
  return days.map((d) => {
    const reason = d.status === 'CLOSED' ? closed?.get(d.localDate) : undefined;
    return { localDate: d.localDate, status: d.status, available: d.available, ...(reason ? { closedReason: reason } : {}) };
  });
}
