// When a supplier's hold runs out: its own utcExpiresAt, or (a supplier that does not say) the minutes asked for.
import type { SupplierBooking } from '@/ports/supplier';

export function holdExpiry(hold: SupplierBooking, now: Date, holdMinutes: number): Date {
  const said = hold.utcExpiresAt ? new Date(hold.utcExpiresAt) : undefined;
  return said && !Number.isNaN(said.getTime()) ? said : new Date(now.getTime() + holdMinutes * 60_000);
}
