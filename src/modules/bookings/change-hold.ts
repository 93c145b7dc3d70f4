// Giving back the places a costlier change held while its difference was being paid (decision 0023).
import { SupplierError } from '@/ports/supplier';
import type { CheckoutDeps } from '../checkout/deps';
import { log } from '@/server/log';

export async function cancelHold(deps: Pick<CheckoutDeps, 'supplier'>, holdUuid: string | null, reason: string): Promise<void> {
  if (!holdUuid) return;
  await deps.supplier.cancelBooking(holdUuid, { reason }).then(
    () => undefined,
    (error: unknown) => {
      // A hold that ran out or went already is given back already.
      if (error instanceof SupplierError && (error.code === 'UNPROCESSABLE_ENTITY' || error.code === 'INVALID_BOOKING_UUID')) return;
      log.error('[bookings] a change hold could not be given back; it runs out by itself', { error });
    },
  );
}
