// Another supplier's OCTO objects in the shapes our port promises. Real suppliers differ: prices per unit
// or per booking, prices present or absent (octo/pricing not granted, or a product sold without one),
// content present or absent. Whatever is missing stays missing (never a guessed 0); names fall back to
// the internal ones, so a product without content can still be listed.
import type { Availability, Booking, Pricing } from '@octocloud/types';
import type { SupplierOption, SupplierProduct, SupplierUnit } from '@/ports/supplier';

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

function isPricing(value: unknown): value is Pricing {
  return isObject(value) && Number.isInteger(value.retail) && (value.retail as number) >= 0 && typeof value.currency === 'string';
}

/** A price list, when every entry is a price; else none. */
export function pricingList(value: unknown): Pricing[] | undefined {
  return Array.isArray(value) && value.length > 0 && value.every(isPricing) ? value : undefined;
}

export function pricingOf(value: unknown): Pricing | undefined {
  return isPricing(value) ? value : undefined;
}

function unit(raw: Raw, withPricing: boolean): SupplierUnit {
  const id = String(raw.id);
  return {
    ...(raw as unknown as SupplierUnit),
    id,
    title: text(raw.title) ?? text(raw.internalName) ?? id,
    shortDescription: text(raw.shortDescription) ?? '',
    restrictions: { ...(isObject(raw.restrictions) ? raw.restrictions : {}) } as SupplierUnit['restrictions'],
    pricingFrom: withPricing ? pricingList(raw.pricingFrom) : undefined,
  };
}

function option(raw: Raw, withPricing: boolean, index: number): SupplierOption {
  const id = String(raw.id);
  return {
    ...(raw as unknown as SupplierOption),
    id,
    default: typeof raw.default === 'boolean' ? raw.default : index === 0,
    title: text(raw.title) ?? text(raw.internalName) ?? id,
    restrictions: { minUnits: 0, maxUnits: null, ...(isObject(raw.restrictions) ? raw.restrictions : {}) } as SupplierOption['restrictions'],
    units: (Array.isArray(raw.units) ? raw.units : []).filter(isObject).map((u) => unit(u, withPricing)),
    pricingFrom: withPricing ? pricingList(raw.pricingFrom) : undefined,
  };
}

export function normalizeProduct(raw: unknown, withPricing: boolean): SupplierProduct {
  if (!isObject(raw) || typeof raw.id !== 'string') throw new TypeError('a product without an id');
  const options = (Array.isArray(raw.options) ? raw.options : []).filter(isObject).map((o, i) => option(o, withPricing, i));
  return {
    ...(raw as unknown as SupplierProduct),
    title: text(raw.title) ?? text(raw.internalName) ?? raw.id,
    coverImageUrl: text(raw.coverImageUrl) ?? null,
    pricingPer: withPricing && (raw.pricingPer === 'BOOKING' || raw.pricingPer === 'UNIT') ? (raw.pricingPer as SupplierProduct['pricingPer']) : undefined,
    defaultCurrency: withPricing ? text(raw.defaultCurrency) : undefined,
    options,
  };
}

export function normalizeAvailability(raw: Availability, withPricing: boolean): Availability {
  const { pricing, unitPricing, ...rest } = raw;
  if (!withPricing) return rest as Availability;
  const units = Array.isArray(unitPricing) && unitPricing.every((p) => isPricing(p) && typeof p.unitId === 'string') ? unitPricing : undefined;
  return { ...rest, ...(pricingOf(pricing) ? { pricing } : {}), ...(units ? { unitPricing: units } : {}) } as Availability;
}

export function normalizeBooking(raw: Booking, withPricing: boolean): Booking {
  if (!isObject(raw) || typeof raw.uuid !== 'string') throw new TypeError('a booking without a uuid');
  const unitItems = (Array.isArray(raw.unitItems) ? raw.unitItems : []).map((item) => {
    const { pricing, ...rest } = item;
    return (withPricing && pricingOf(pricing) ? { ...rest, pricing } : rest) as Booking['unitItems'][number];
  });
  const { pricing, ...rest } = raw;
  return { ...rest, unitItems, ...(withPricing && pricingOf(pricing) ? { pricing } : {}) } as Booking;
}
