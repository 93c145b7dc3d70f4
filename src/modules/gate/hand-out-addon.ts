// The gate hands out a booking's add-on (decision 0050): marked once, with who and when, audited in the same
// transaction; a second press answers the first hand-out and changes nothing.
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { markAddonHandedOut } from '../inventory/addon-stock';
import { recordAudit, type Actor } from '../staff/audit-log';
import { bookingsOf, gateBooking, type GateBooking, type GateDeps } from './scan-ticket';

export async function handOutAddon(deps: GateDeps, request: { reference: string; addonId: string; by: Actor }): Promise<GateBooking> {
  const now = (deps.now ?? serverNow)();
  const bookings = bookingsOf(deps);
  const row = await bookings.byReference(request.reference.trim().toUpperCase());
  if (!row) throw new AppError('NOT_FOUND', 'addonNotFound');
  const by = request.by.kind === 'operator' ? 'operator' : request.by.email;
  const marked = await deps.db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    const result = await markAddonHandedOut(executor, row.uuid, request.addonId, by, now);
    if (result?.done) await recordAudit(executor, { actor: request.by, action: 'addon.handOut', target: row.reference, after: { addonId: request.addonId, quantity: result.addon.quantity } });
    return result;
  });
  if (!marked) throw new AppError('NOT_FOUND', 'addonNotFound');
  return gateBooking(deps.db, row);
}
