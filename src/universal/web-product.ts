// What the ticket page needs of a product, and the price of a choice: the shape the server sends and the
// browser reads. Pure, so that the browser's booking summary and the server's checkout count one price.

export type WebUnit = {
  id: string;
  type: string;
  title: string;
  description: string;
  minQuantity: number;
  maxQuantity: number;
  /** In minor units of the product's currency; null when the option is priced per booking, or unpriced. */
  price: number | null;
};

export type WebOption = {
  id: string;
  title: string;
  default: boolean;
  minUnits: number;
  maxUnits: number;
  durationMinutes: number | null;
  /** UNIT: the sum of the units' prices; BOOKING: one price for the booking, whatever its units. */
  pricingPer: 'UNIT' | 'BOOKING';
  /** The booking's price when priced per booking, in minor units. */
  bookingPrice: number | null;
  units: WebUnit[];
};

export type WebProduct = {
  id: string;
  title: string;
  shortDescription: string;
  description: string;
  image: string | null;
  currency: string;
  /** The lowest paying price (a unit's, or a booking's), in minor units; null when none is known. */
  fromPrice: number | null;
  options: WebOption[];
};

/** The price of the chosen quantities of an option, in minor units: 0 when nothing is chosen, null when
 * the supplier gave no price for something chosen. This is the price the visitor is shown and charged. */
export function selectionTotal(option: WebOption | undefined, quantities: Record<string, number>): number | null {
  const chosen = (option?.units ?? []).filter((unit) => (quantities[unit.id] ?? 0) > 0);
  if (!option || chosen.length === 0) return 0;
  if (option.pricingPer === 'BOOKING') return option.bookingPrice;
  if (chosen.some((unit) => unit.price === null)) return null;
  return chosen.reduce((sum, unit) => sum + unit.price! * quantities[unit.id]!, 0);
}
