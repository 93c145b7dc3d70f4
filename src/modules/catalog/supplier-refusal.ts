// A supplier's refusal of the visitor's choice, as a message of ours: the supplier's own words are for
// programs (and may be another company's English), never for the visitor.
import type { SupplierError } from '@/ports/supplier';
import type { ErrorKey, MessageValues } from '@/server/errors';

const BY_CODE: Partial<Record<SupplierError['code'], ErrorKey>> = {
  INVALID_PRODUCT_ID: 'unknownProduct',
  INVALID_OPTION_ID: 'unknownOption',
  INVALID_UNIT_ID: 'unknownTicketType',
  INVALID_AVAILABILITY_ID: 'timeNotAvailable',
};

export function supplierRefusal(error: SupplierError, byCode: Partial<Record<SupplierError['code'], ErrorKey>> = {}): [ErrorKey, MessageValues] {
  const refusal = error.refusal;
  switch (refusal?.reason) {
    case 'SOLD_OUT':
      return ['soldOut', {}];
    case 'NOT_ENOUGH_PLACES':
      return ['notEnoughPlaces', { count: refusal.vacancies }];
    case 'UNIT_QUANTITY':
      return ['unitQuantityRange', { unit: refusal.unitId, min: refusal.min, max: refusal.max }];
    case 'UNITS_PER_BOOKING':
      return ['unitsPerBooking', { min: refusal.min, max: refusal.max }];
    case 'ADMITTED':
      return ['bookingAdmitted', {}];
    case 'ACCOMPANIED_BY':
      return ['accompaniedBy', {}];
    case 'MEMBERS_ONLY':
      return ['membersOnlySlot', {}];
    case 'ADDON_STOCK':
      return refusal.left > 0 ? ['addonOnlyLeft', { count: refusal.left }] : ['addonSoldOut', {}];
  }
  return [byCode[error.code] ?? BY_CODE[error.code] ?? 'supplierRefused', {}];
}
