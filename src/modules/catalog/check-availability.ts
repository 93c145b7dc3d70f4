// Availability of one option on one day, or over a month, for the quantities chosen.
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { TIME_ZONE } from '@/config/attraction';
import { AppError } from '@/server/errors';
import type { AvailabilityRequest, CalendarRequest } from './availability-request';
import { supplierRefusal } from './supplier-refusal';

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
};

export type WebDay = { localDate: string; status: string; available: boolean };

const units = (quantities: Record<string, number> = {}) => Object.entries(quantities).map(([id, quantity]) => ({ id, quantity }));

/** A supplier's refusal of bad input is the visitor's 400; anything else is "Failed to fetch availability". */
function fromSupplier(error: unknown): never {
  if (error instanceof SupplierError && error.code !== 'INTERNAL_SERVER_ERROR' && error.code !== 'UNAUTHORIZED' && error.code !== 'FORBIDDEN') {
    throw new AppError(400, 'BAD_REQUEST', ...supplierRefusal(error));
  }
  console.error('[availability] supplier failed', error);
  throw new AppError(502, 'SUPPLIER_FAILED', 'availabilityFailed');
}

export async function checkAvailability(supplier: SupplierPort, request: AvailabilityRequest, now = new Date()): Promise<WebSlot[]> {
  const today = todayIn(TIME_ZONE, now);
  if (request.selectedDate < today) throw new AppError(400, 'BAD_REQUEST', 'dateFromToday');
  const slots = await supplier
    .availability({
      productId: request.productId,
      optionId: request.optionId,
      localDateStart: request.selectedDate,
      localDateEnd: request.selectedDate,
      units: units(request.quantities),
    })
    .catch(fromSupplier);
  return slots.map((slot) => ({
    id: slot.id,
    localDateTimeStart: slot.localDateTimeStart,
    localDateTimeEnd: slot.localDateTimeEnd,
    status: slot.status,
    available: slot.available,
    vacancies: slot.vacancies ?? 0,
    capacity: slot.capacity ?? 0,
    total: slot.pricing?.retail ?? null,
    currency: slot.pricing?.currency ?? null,
  }));
}

export async function checkCalendar(supplier: SupplierPort, request: CalendarRequest, now = new Date()): Promise<WebDay[]> {
  const today = todayIn(TIME_ZONE, now);
  const first = `${request.month}-01`;
  const last = addLocalDays(`${addLocalDays(first, 31).slice(0, 7)}-01`, -1);
  if (last < today) return [];
  const days = await supplier
    .availabilityCalendar({
      productId: request.productId,
      optionId: request.optionId,
      localDateStart: first < today ? today : first,
      localDateEnd: last,
      units: units(request.quantities),
    })
    .catch(fromSupplier);
  return days.map((d) => ({ localDate: d.localDate, status: d.status, available: d.available }));
}
