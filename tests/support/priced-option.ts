// The option the price-rule unit tests price (member price, promo price): adult 44.00, a child at 38.05 (a price
// whose percentages fall on half cents) and a free infant, sold per unit.
import type { WebOption } from '@/universal/web-product';

export const PRICED_OPTION: WebOption = {
  id: 'day',
  title: 'Day',
  default: true,
  minUnits: 1,
  maxUnits: 10,
  durationMinutes: 60,
  pricingPer: 'UNIT',
  bookingPrice: null,
  units: [
    { id: 'adult', type: 'ADULT', title: 'Adult', description: '', minQuantity: 0, maxQuantity: 10, price: 4400 },
    { id: 'child', type: 'CHILD', title: 'Child', description: '', minQuantity: 0, maxQuantity: 10, price: 3805 },
    { id: 'infant', type: 'INFANT', title: 'Infant', description: '', minQuantity: 0, maxQuantity: 4, price: 0 },
  ],
};
