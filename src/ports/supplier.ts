// The supplier port: the inventory we sell, in the shapes of the OCTO specification (docs.octo.travel).
// The local supplier (our own database) and the OCTO client (another system over HTTP) both implement it.
import type {
  Availability,
  AvailabilityCalendar,
  Booking,
  Option,
  OptionContent,
  Pricing,
  Product,
  ProductContent,
  ProductPricing,
  Supplier as OctoSupplierInfo,
  Unit,
} from '@octocloud/types';

/** A unit: `pricingFrom` only when the supplier prices per unit and shares its prices (octo/pricing). */
export type SupplierUnit = Unit & { title: string; shortDescription: string; pricingFrom?: Pricing[] };
/** An option: `pricingFrom` only when the supplier prices per booking. */
export type SupplierOption = Omit<Option, 'units' | 'pricingFrom'> &
  OptionContent & { title: string; units: SupplierUnit[]; pricingFrom?: Pricing[] };
/** A product: `pricingPer` and the currencies only when the supplier shares its prices. */
export type SupplierProduct = Omit<Product, 'options' | 'pricingPer' | 'defaultCurrency'> &
  ProductContent &
  Partial<Pick<ProductPricing, 'pricingPer' | 'availableCurrencies'>> & {
    title: string;
    coverImageUrl: string | null;
    defaultCurrency?: string;
    options: SupplierOption[];
  };

export type UnitQuantity = { id: string; quantity: number };

/** One of: a day (`localDate`), a range of days (`localDateStart` and `localDateEnd`), or `availabilityIds`. */
export type AvailabilityQuery = {
  productId: string;
  optionId: string;
  localDate?: string;
  localDateStart?: string;
  localDateEnd?: string;
  availabilityIds?: string[];
  units?: UnitQuantity[];
  /** Skypass's own, as in ReservationRequest: a member tier's extra tickets (decision 0038). */
  extraUnits?: number;
  /** Skypass's own, as in ReservationRequest: the member's tier, for the places kept for it (decision 0041). */
  memberTier?: string;
};

export type UnitItemInput = { uuid?: string; unitId: string; resellerReference?: string };

export type ReservationRequest = {
  uuid?: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  unitItems: UnitItemInput[];
  expirationMinutes?: number;
  resellerReference?: string;
  notes?: string | null;
  /** Skypass's own, not OCTO's: tickets beyond the booking's maximum a member's tier allows (decision
   * 0038). Only our own inventory honours it, and only for the website; an OCTO supplier ignores it. */
  extraUnits?: number;
  /** Skypass's own, not OCTO's: the signed-in member's tier, which may book the places kept for members
   * and the member-only slots (decision 0041). Honoured like `extraUnits`: our own inventory, the website only. */
  memberTier?: string;
  /** Skypass's own, not OCTO's: add-ons sold with the tickets (decision 0050), their stock taken with the
   * hold. Only our own inventory sells them, and only on the website; an OCTO supplier refuses them. */
  addons?: { addonId: string; quantity: number }[];
};

/** PATCH /bookings/{uuid}: what changes; everything else stays. Unit items sent replace the booking's
 * (an item sent with the uuid of one it has keeps that item). */
export type BookingUpdateRequest = {
  resellerReference?: string;
  productId?: string;
  optionId?: string;
  availabilityId?: string;
  expirationMinutes?: number;
  notes?: string | null;
  unitItems?: UnitItemInput[];
  contact?: BookingContactInput;
  /**
   * Not OCTO: the uuid of our own hold on the places the booking moves into (a change paid after the
   * hold was made, docs/decisions/0023). The local supplier gives the hold back and moves the booking in
   * one transaction under the slot's lock; the OCTO client cancels the hold, then PATCHes (two calls: the
   * places could go in between, and the PATCH is then refused). A hold already gone is no error.
   */
  releaseHold?: string;
  /** Skypass's own, as in ReservationRequest: a member tier's extra tickets, so that a change keeps the
   * booking's maximum the member had at checkout (decision 0038). Our own inventory, the website only. */
  extraUnits?: number;
};

export type ConfirmationRequest = { contact: BookingContactInput; resellerReference?: string; unitItems?: UnitItemInput[] };

/** GET /bookings: by one reference or the other. */
export type BookingQuery = { resellerReference?: string; supplierReference?: string };

export type BookingContactInput = {
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
  locales?: string[];
  postalCode?: string | null;
  country?: string | null;
  notes?: string | null;
};

export type SupplierBooking = Booking;
export type { Availability, AvailabilityCalendar, OctoSupplierInfo };

/** OCTO's error names (docs.octo.travel, "Errors"). */
export type SupplierErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'INTERNAL_SERVER_ERROR';

/** Why a supplier refused an otherwise well-formed request (UNPROCESSABLE_ENTITY), when it says. */
export type SupplierRefusal =
  | { reason: 'SOLD_OUT' }
  | { reason: 'NOT_ENOUGH_PLACES'; vacancies: number }
  | { reason: 'UNIT_QUANTITY'; unitId: string; min: number; max: number }
  | { reason: 'UNITS_PER_BOOKING'; min: number; max: number }
  /** A ticket of the booking was admitted at the gate: it is used, and stays as it is (decision 0033). */
  | { reason: 'ADMITTED' }
  | { reason: 'ACCOMPANIED_BY'; unitId: string; companions: string[] }
  /** The slot is kept for members of this tier and above (decision 0041). */
  | { reason: 'MEMBERS_ONLY'; tierId: string }
  /** An add-on has fewer left than wanted (decision 0050). */
  | { reason: 'ADDON_STOCK'; addonId: string; left: number };

export class SupplierError extends Error {
  constructor(
    readonly code: SupplierErrorCode,
    message: string,
    /** The offending id, as OCTO error bodies carry it (productId, optionId, unitId, availabilityId, uuid). */
    readonly details: Record<string, string> = {},
    /** The refusal in words a use case can put in the visitor's language. */
    readonly refusal?: SupplierRefusal,
  ) {
    super(message);
    this.name = 'SupplierError';
  }
}

export interface SupplierPort {
  getSupplier(): Promise<OctoSupplierInfo>;
  getProducts(locale: string): Promise<SupplierProduct[]>;
  getProduct(productId: string, locale: string): Promise<SupplierProduct>;
  availabilityCalendar(query: AvailabilityQuery): Promise<AvailabilityCalendar[]>;
  availability(query: AvailabilityQuery): Promise<Availability[]>;
  createBooking(request: ReservationRequest): Promise<SupplierBooking>;
  confirmBooking(uuid: string, body: ConfirmationRequest): Promise<SupplierBooking>;
  updateBooking(uuid: string, body: BookingUpdateRequest): Promise<SupplierBooking>;
  listBookings(query: BookingQuery): Promise<SupplierBooking[]>;
  cancelBooking(uuid: string, body: { reason?: string }): Promise<SupplierBooking>;
  extendBooking(uuid: string, body: { expirationMinutes: number }): Promise<SupplierBooking>;
  getBooking(uuid: string): Promise<SupplierBooking>;
  /** The gate: the booking with this supplier reference becomes REDEEMED, whoever sold it. Redeeming it
   * again changes nothing. A supplier with a gate of its own refuses (it reports redemptions itself). */
  redeemBooking(supplierReference: string): Promise<{ booking: SupplierBooking; alreadyRedeemed: boolean }>;
  /** The gate's undo: a REDEEMED booking becomes CONFIRMED again. Absent where redemption is not ours. */
  undoRedemption?(supplierReference: string): Promise<void>;
}
