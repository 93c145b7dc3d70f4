// The supplier's refusal of a change, as the member's message.
import { SupplierError } from '@/ports/supplier';
import { AppError } from '@/server/errors';
import { supplierRefusal } from '../catalog/supplier-refusal';
import { log } from '@/server/log';

/** The supplier's refusal as our message; a booking the supplier will not change (redeemed, started). */
export function refusal(error: unknown): never {
  if (error instanceof SupplierError) {
    if (error.code === 'UNPROCESSABLE_ENTITY') {
      if (error.refusal?.reason === 'ADMITTED') throw new AppError('NOT_CHANGEABLE', 'bookingAdmitted');
      if (error.refusal) throw new AppError('SOLD_OUT', ...supplierRefusal(error));
      throw new AppError('NOT_CHANGEABLE', 'bookingNotChangeable');
    }
    if (error.code === 'INVALID_AVAILABILITY_ID') throw new AppError('VALIDATION', 'timeNotAvailable');
    if (error.code === 'INVALID_UNIT_ID') throw new AppError('VALIDATION', 'unknownTicketType');
  }
  if (error instanceof AppError) throw error;
  log.error('[bookings] supplier failed', { error });
  throw new AppError('SUPPLIER_FAILED', 'internal');
}
