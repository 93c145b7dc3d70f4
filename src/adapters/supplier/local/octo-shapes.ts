// Our catalogue and bookings in OCTO's shapes, with the content (in one language) and pricing capabilities.
import { TZDate } from '@date-fns/tz';
import type { Availability, Booking, Contact, Pricing, UnitItem } from '@octocloud/types';
import { format } from 'date-fns';
import { cancellationPolicyOf, priceOn, refundPercentAt, textIn } from '@/config/catalog';
import { isLocale, DEFAULT_LOCALE } from '@/config/locales';
import { serverT } from '@/server/i18n';
import type { SupplierOption, SupplierProduct, SupplierUnit } from '@/ports/supplier';
import { effectiveStatus, type BookingRow, type UnitItemRow } from '@/modules/inventory/booking-row';
import { companionsOf } from '@/modules/inventory/booking-rules';
import type { OptionRow, ProductRow, UnitRow } from '@/modules/inventory/catalog';
import type { Slot } from '@/modules/inventory/schedule';


/** Our products deliver tickets (a QR code per unit item), never a booking voucher. */
const TICKET_ONLY = ['TICKET' as Booking['deliveryMethods'][number]];

/** OCTO's UTC timestamps carry whole seconds: "2026-11-21T14:00:00Z". */
export function utcSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function pricing(amount: number, currency: string): Pricing {
  return { original: amount, retail: amount, net: null, currency, currencyPrecision: 2, includedTaxes: [] };
}

function unitShape(unit: UnitRow, option: OptionRow, currency: string, t: ReturnType<typeof serverT>): SupplierUnit {
  return {
    id: unit.id,
    internalName: unit.type.toLowerCase(),
    reference: null,
    type: unit.type as SupplierUnit['type'],
    restrictions: {
      minAge: unit.minAge,
      maxAge: unit.maxAge,
      idRequired: false,
      minQuantity: unit.minQuantity,
      maxQuantity: unit.maxQuantity,
      paxCount: 1,
      accompaniedBy: companionsOf(unit, option),
    },
    requiredContactFields: [],
    title: t(`units.${unit.type}`),
    shortDescription:
      unit.maxAge >= 99 ? t('agesFrom', { min: unit.minAge }) : t('ages', { min: unit.minAge, max: unit.maxAge }),
    pricingFrom: [pricing(unit.price, currency)],
  };
}

function optionShape(option: OptionRow, index: number, currency: string, t: ReturnType<typeof serverT>, language: string): SupplierOption {
  const freeHours = cancellationPolicyOf(option.productId)?.freeUntilHoursBefore ?? 0;
  return {
    id: option.id,
    default: index === 0,
    internalName: option.internalName,
    reference: null,
    availabilityLocalStartTimes: option.openingHours ? [] : option.startTimes,
    // The end of free cancellation under the product's policy (after it, a cancellation gets back the
    // policy's percentage until the slot starts, as on the website).
    cancellationCutoff: `${freeHours} hours`,
    cancellationCutoffAmount: freeHours,
    cancellationCutoffUnit: 'hour' as SupplierOption['cancellationCutoffUnit'],
    requiredContactFields: [],
    restrictions: { minUnits: option.minUnits, maxUnits: option.maxUnits },
    units: option.units.map((u) => unitShape(u, option, currency, t)),
    // The catalogue's title in this language, else in the default one (decision 0055), else the locale file's.
    title: textIn(option.titles, language, (title) => title) ?? t(`options.${option.id}.title`),
    durationMinutesFrom: option.durationMinutes,
  };
}

export function productShape(product: ProductRow, locale: string): SupplierProduct {
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const t = serverT(language, 'catalog');
  return {
    id: product.id,
    internalName: product.internalName,
    reference: null,
    locale: language,
    timeZone: product.timeZone,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: (product.options.every((o) => o.openingHours) ? 'OPENING_HOURS' : 'START_TIME') as SupplierProduct['availabilityType'],
    deliveryFormats: ['QRCODE' as SupplierProduct['deliveryFormats'][number]],
    deliveryMethods: TICKET_ONLY as SupplierProduct['deliveryMethods'],
    redemptionMethod: 'DIGITAL' as SupplierProduct['redemptionMethod'],
    options: product.options.map((o, i) => optionShape(o, i, product.currency, t, language)),
    // The catalogue's texts in this language, else in the default one (decision 0055), else the locale file's.
    title: textIn(product.texts, language, (x) => x.title) ?? t(`products.${product.id}.title`),
    shortDescription: textIn(product.texts, language, (x) => x.shortDescription) ?? t(`products.${product.id}.shortDescription`),
    description: textIn(product.texts, language, (x) => x.description) ?? t(`products.${product.id}.description`),
    coverImageUrl: product.image,
    defaultCurrency: product.currency,
    availableCurrencies: [product.currency],
    pricingPer: 'UNIT' as SupplierProduct['pricingPer'],
  };
}

export type SlotState = { slot: Slot; vacancies: number; capacity: number; open: boolean };

/** LIMITED when a fifth of the places or fewer are left. */
export function slotStatus({ vacancies, capacity, open }: SlotState): Availability['status'] {
  if (!open) return 'CLOSED' as Availability['status'];
  if (vacancies <= 0) return 'SOLD_OUT' as Availability['status'];
  return (vacancies * 5 <= capacity ? 'LIMITED' : 'AVAILABLE') as Availability['status'];
}

/** What the slots of one day share: the prices of a visit on that date (decision 0055). */
export type SlotPricing = { wanted: number; unitPricing: Availability['unitPricing']; total?: Availability['pricing'] };

/** Each unit's price for a visit on `localDate`, as availability answers carry them (octo/pricing). */
export function unitPrices(option: OptionRow, currency: string, localDate: string): NonNullable<Availability['unitPricing']> {
  return option.units.map((u) => ({ ...pricing(priceOn(u, localDate), currency), unitId: u.id }));
}

export function slotPricing(option: OptionRow, currency: string, requested: { unitId: string; quantity: number }[], localDate: string): SlotPricing {
  const unit = (id: string) => option.units.find((u) => u.id === id);
  const total = requested.reduce((sum, r) => {
    const found = unit(r.unitId);
    return sum + (found ? priceOn(found, localDate) : 0) * r.quantity;
  }, 0);
  return {
    wanted: requested.reduce((n, u) => n + u.quantity, 0),
    unitPricing: unitPrices(option, currency, localDate),
    total: requested.length > 0 ? pricing(total, currency) : undefined,
  };
}

export function availabilityShape(state: SlotState, option: OptionRow, { wanted, unitPricing, total }: SlotPricing): Availability {
  const status = slotStatus(state);
  return {
    id: state.slot.availabilityId,
    localDateTimeStart: state.slot.localDateTimeStart,
    localDateTimeEnd: state.slot.localDateTimeEnd,
    utcCutoffAt: utcSeconds(state.slot.cutoff),
    allDay: state.slot.allDay,
    available: state.open && state.vacancies > 0 && state.vacancies >= Math.max(wanted, 1),
    status,
    vacancies: state.open ? Math.max(state.vacancies, 0) : 0,
    capacity: state.capacity,
    maxUnits: state.open ? Math.min(option.maxUnits, Math.max(state.vacancies, 0)) : 0,
    openingHours: state.slot.openingHours,
    unitPricing,
    ...(total ? { pricing: total } : {}),
  };
}

const EMPTY_CONTACT: Contact = {
  fullName: null,
  firstName: null,
  lastName: null,
  emailAddress: null,
  phoneNumber: null,
  locales: [],
  postalCode: null,
  country: null,
  notes: null,
};

/** What a cancellation gave back, in OCTO's words: a hold (never paid) FULL; a confirmed booking under
 * its product's policy at the moment it was cancelled (FULL, PARTIAL or NONE). */
export function octoRefund(row: Pick<BookingRow, 'productId' | 'confirmedAt' | 'cancelledAt' | 'slotStart'>): 'FULL' | 'PARTIAL' | 'NONE' {
  const policy = cancellationPolicyOf(row.productId);
  if (!row.confirmedAt || !row.cancelledAt || !policy) return 'FULL';
  const percent = refundPercentAt(policy, row.slotStart.getTime(), row.cancelledAt.getTime());
  return percent >= 100 ? 'FULL' : percent > 0 ? 'PARTIAL' : 'NONE';
}

export function bookingShape(
  row: BookingRow,
  items: UnitItemRow[],
  now: Date,
  timeZone: string,
  openingHours: { from: string; to: string } | null = null,
): Booking {
  const status = effectiveStatus(row, now);
  const contact: Contact = { ...EMPTY_CONTACT, ...(row.contact as Partial<Contact> | null) };
  const utcRedeemedAt = row.redeemedAt ? utcSeconds(row.redeemedAt) : null;
  const unitItems: UnitItem[] = items
    .sort((a, b) => a.position - b.position)
    .map((item) => ({
      uuid: item.uuid,
      resellerReference: item.resellerReference,
      supplierReference: item.supplierReference,
      unitId: item.unitId,
      status: status as UnitItem['status'],
      utcRedeemedAt,
      contact,
      // The ticket exists from the hold on (OCTO: on every status); it is valid at the gate once confirmed.
      ticket: {
        redemptionMethod: 'DIGITAL' as NonNullable<UnitItem['ticket']>['redemptionMethod'],
        utcRedeemedAt,
        deliveryOptions: [{ deliveryFormat: 'QRCODE' as never, deliveryValue: item.supplierReference }],
      },
      pricing: pricing(item.price, row.currency),
    }));
  return {
    id: row.id,
    uuid: row.uuid,
    testMode: false,
    resellerReference: row.resellerReference,
    supplierReference: row.supplierReference,
    status: status as Booking['status'],
    utcCreatedAt: utcSeconds(row.createdAt),
    utcUpdatedAt: utcSeconds(row.updatedAt),
    utcExpiresAt: (status === 'ON_HOLD' || status === 'EXPIRED') && row.expiresAt ? utcSeconds(row.expiresAt) : null,
    utcRedeemedAt,
    utcConfirmedAt: row.confirmedAt ? utcSeconds(row.confirmedAt) : null,
    productId: row.productId,
    optionId: row.optionId,
    cancellable: (status === 'ON_HOLD' || status === 'CONFIRMED') && row.slotStart > now,
    cancellation:
      status === 'CANCELLED'
        ? { refund: octoRefund(row) as never, reason: row.cancellationReason, utcCancelledAt: utcSeconds(row.cancelledAt!) }
        : null,
    freesale: false,
    availabilityId: row.availabilityId,
    availability: {
      id: row.availabilityId,
      localDateTimeStart: row.availabilityId,
      localDateTimeEnd: format(new TZDate(row.slotEnd, timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX"),
      allDay: openingHours !== null,
      openingHours: openingHours ? [openingHours] : [],
    } as unknown as Availability,
    contact,
    notes: row.notes,
    deliveryMethods: TICKET_ONLY,
    voucher: null,
    unitItems,
    pricing: pricing(row.total, row.currency),
  };
}
