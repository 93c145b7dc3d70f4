// With an external supplier, its days and capacities are its own: the calendar says so plainly rather
// than show or change figures of an inventory we do not keep (decision 0029).
import { AppError } from '@/server/errors';
import type { CalendarDeps } from './deps';

export function refuseSupplierOwned(deps: CalendarDeps): void {
  if (!deps.ownInventory) throw new AppError('NOT_CHANGEABLE', 'calendarManagedBySupplier');
}
