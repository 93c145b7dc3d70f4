// Book: price the choice from the supplier's prices, hold the places, check the hold carries that very
// price, and open a payment session for it. Any failure after the hold releases it. Within the shop's
// limits (docs/decisions/0014): at most the product's tickets per booking, one Book of a member at a
// time, and the member's older unpaid holds released beyond UNPAID_BOOKINGS_PER_MEMBER.
import crypto from 'node:crypto';
import { SupplierError, type SupplierProduct } from '@/ports/supplier';
import { currentCatalog, maxTicketsPerBooking } from '@/config/catalog';
import { addonLines, addonsOffered, type AddonLine } from '@/universal/addon-price';
import type { Locale } from '@/config/locales';
import { orders, type OrderLine } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { supplierRefusal } from '../catalog/supplier-refusal';
import { oneBookingAtATime, releaseUnpaidBookings } from './booking-limits';
import type { CheckoutRequest } from './checkout-request';
import type { CheckoutDeps } from './deps';
import type { Database } from '@/server/db/client';
import { heldPrice } from './held-price';
import { holdExpiry } from './hold-expiry';
import type { PaymentSessionView } from './order-view';
import { selectionTotal, toWebProduct, withSlotPrices } from '../catalog/web-product';
import { recordPayment } from '../payments/ledger';
import { localizedPath } from '@/universal/localized-path';
import { formatMoney } from '@/universal/format/money';
import { serverNow } from '@/server/clock';
import { memberPerks, type MemberPerks } from '../program/member-perks';
import { log } from '@/server/log';
import { priceOrderDiscounts, takeOrderDiscounts } from '../promos/checkout-promo';
import { cashSession, freeSession } from '../payments/free-session';
import { completeCheckout } from './complete-checkout';
import { priceGiftCard, takeGiftCard } from '../gift-cards/pay-with-gift-card';
import { checkPassVisit, passVisitDiscounts } from '../passes/pass-visits';
import type { QueueAdmission } from '../onsale/queue-admission';

export type StartedCheckout = { paymentSession: PaymentSessionView; bookingId: string; expirationTime: string };

/** A sale at the box office (decision 0053): the order's channel, and, paid in cash, the till shift that
 * took the money (the ledger's payment is then paid at once, with no gateway). */
export type CounterSale = {
  channel: 'box-office';
  cashTillShiftId?: string;
  tenderedCents?: number;
  /** Run first in the transaction that records the order and its payment (the till's lock, the sale's audit
   * entry); what it throws records nothing. */
  recording?: (tx: Database, order: { id: string; reference: string; total: number; currency: string }) => Promise<void>;
};

/** Refusals of the member's choice, as the ticket page words them. */
const CHOICE_REFUSALS = {
  INVALID_PRODUCT_ID: 'selectProductAndOption',
  INVALID_OPTION_ID: 'selectProductAndOption',
  INVALID_UNIT_ID: 'unknownTicketType',
  INVALID_AVAILABILITY_ID: 'timeNoLongerAvailable',
} as const;

export async function startCheckout(
  deps: CheckoutDeps,
  member: { userId: string; email: string },
  request: CheckoutRequest,
  locale: Locale,
  admission?: QueueAdmission,
): Promise<StartedCheckout> {
  const product = await deps.supplier.getProduct(request.productId, locale).catch(refusal);
  const option = product.options.find((o) => o.id === request.optionId);
  if (!option) throw new AppError('VALIDATION', 'selectProductAndOption');
  const tickets = Object.values(request.quantities).reduce((sum, n) => sum + n, 0);
  // A tier may book a few more than the product's maximum (decision 0038).
  const perks = await memberPerks(deps.db, member.userId);
  const maxTickets = maxTicketsPerBooking(product.id) + perks.extraTicketsPerBooking;
  if (tickets > maxTickets) throw new AppError('VALIDATION', 'ticketsPerBookingMax', { max: maxTickets });

  return oneBookingAtATime(deps, member.userId, async () => {
    // The member's previous unpaid hold goes before the new one is made (default: one open at a time).
    await releaseUnpaidBookings(deps, member.userId, (deps.unpaidBookingsPerMember ?? 1) - 1);
    return holdAndOpenSession(deps, { ...member, perks }, request, locale, product, option, undefined, admission);
  });
}

/** Holds the places and opens the payment session of an unpaid order; the waitlist's offers use it too.
 * `member.perks`: their tier's perks when the caller has just read them (else read here).
 * `admission`: the on-sale queue's pass this hold uses, in the order's transaction (decision 0056). */
export async function holdAndOpenSession(
  deps: CheckoutDeps,
  member: { userId: string; email: string; perks?: MemberPerks },
  request: CheckoutRequest,
  locale: Locale,
  product: SupplierProduct,
  option: SupplierProduct['options'][number],
  sale?: CounterSale,
  admission?: QueueAdmission,
): Promise<StartedCheckout> {
  const { supplier, gateway, db } = deps;
  // The price the visitor was shown, from the supplier's unit or booking prices. No price, or a price of
  // nothing, is never sold: nothing is held and nothing is charged.
  // The prices of a visit on the chosen slot's date (a dated price, decision 0055), as its availability
  // gives them; the product's own when the supplier prices no slot.
  const slotPricing = await supplier
    .availability({ productId: product.id, optionId: option.id, availabilityIds: [request.selectedTime] })
    .then((slots) => slots.find((s) => s.id === request.selectedTime)?.unitPricing)
    .catch(() => undefined);
  const web = withSlotPrices(toWebProduct(product), option.id, slotPricing);
  const webOption = web.options.find((o) => o.id === option.id)!;
  const shown = selectionTotal(webOption, request.quantities);
  if (!shown) throw new AppError('SUPPLIER_FAILED', 'priceUnavailable');
  // The member price or a promo code, then a reward (decisions 0038, 0042, 0049), before any place is held:
  // the shop's discounts off the list price; the supplier's hold still carries list.
  const perks = member.perks ?? (await memberPerks(db, member.userId));
  // The member price or a promo code per ticket, then a reward or a guest pass (decisions 0038, 0042, 0049),
  // before any place is held.
  const choice = { product: web, option: webOption, quantities: request.quantities, perks };
  // A visit with the annual pass (decision 0051) costs nothing, within the pass's rules; no other discount
  // or payment goes with it.
  const tickets = Object.values(request.quantities).reduce((sum, n) => sum + n, 0);
  const pass = request.annualPass
    ? await checkPassVisit(db, member.userId, { productId: product.id, optionId: option.id, tickets, selectedTime: request.selectedTime }, deps.now?.() ?? serverNow())
    : null;
  const discounts = pass ? passVisitDiscounts(shown) : await priceOrderDiscounts(db, member.userId, request, choice, deps.now?.() ?? serverNow());
  // Add-ons at their list price (decision 0050): the discounts are the tickets' only (a pass visit's too).
  const addons = pricedAddons(product.id, option.id, request.addons ?? {});
  const due = shown - discounts.taken + addons.cents;
  // Last, a gift card pays what is left, up to its balance (decision 0047); the gateway charges the rest.
  const giftCard = pass ? null : await priceGiftCard(db, request.giftCard, due, member.userId, deps.now?.() ?? serverNow());
  const charged = due - (giftCard?.cents ?? 0);
  // Cash short of the total at the counter: refused before any place is held.
  if (sale?.cashTillShiftId !== undefined && (sale.tenderedCents ?? 0) < charged) {
    throw new AppError('VALIDATION', 'cashTooLittle', { total: formatMoney(charged, web.currency, locale) });
  }
  const lines: OrderLine[] = Object.entries(request.quantities).map(([unitId, quantity]) => {
    const unit = webOption.units.find((u) => u.id === unitId);
    return { unitId, title: unit?.title ?? unitId, quantity, unitPrice: unit?.price ?? 0 };
  });

  const unitItems = Object.entries(request.quantities).flatMap(([unitId, quantity]) => Array.from({ length: quantity }, () => ({ unitId })));
  const booking = await supplier
    .createBooking({
      productId: product.id,
      optionId: option.id,
      availabilityId: request.selectedTime,
      unitItems,
      expirationMinutes: deps.holdMinutes,
      notes: `Skypass member ${member.userId}`,
      extraUnits: perks.extraTicketsPerBooking,
      memberTier: perks.tierId,
      ...(addons.lines.length ? { addons: addons.lines.map(({ addonId, quantity }) => ({ addonId, quantity })) } : {}),
    })
    .catch(refusal);

  /** The gateway session opened for this order until the order is recorded with it. */
  let opened: { id: string } | undefined;
  try {
    // The amount charged is the price shown (less the member's discount), and only if the supplier's hold
    // carries exactly the list price it was counted from.
    const held = heldPrice(booking);
    if (!held || held.amount === 0) throw new AppError('SUPPLIER_FAILED', 'priceUnavailable');
    if (held.amount !== shown || held.currency !== web.currency) throw new AppError('PRICE_CHANGED', 'priceChanged');
    const now = deps.now?.() ?? serverNow();
    const holdExpiresAt = holdExpiry(booking, now, deps.holdMinutes);

    const orderId = crypto.randomUUID();
    // Nothing to charge (a free ticket or a gift card was all of it): no gateway session; the order completes at
    // once. Cash in a box-office till: paid already, no gateway either.
    const cash = charged > 0 && sale?.cashTillShiftId !== undefined;
    const session = charged === 0 ? freeSession(orderId, web.currency, holdExpiresAt, gateway) : cash ? cashSession(orderId, charged, web.currency, holdExpiresAt) : (opened = await gateway.createSession({
      amount: charged,
      currency: web.currency,
      reference: booking.uuid,
      description: `${product.title} · ${option.title}`,
      customerEmail: member.email,
      expiresAt: holdExpiresAt,
      returnUrl: `${deps.siteUrl}${localizedPath('/checkout', locale)}?uuid=${encodeURIComponent(booking.uuid)}`,
    }));
    // The order and its payment in the ledger, together: a payment always pays for something.
    await db.transaction(async (tx) => {
      await sale?.recording?.(tx, { id: orderId, reference: booking.supplierReference ?? booking.uuid, total: charged, currency: web.currency });
      const payment = await recordPayment(tx, gateway, { purpose: 'order', referenceId: orderId, session, tillShiftId: cash ? sale!.cashTillShiftId : undefined }, now);
      await tx.insert(orders).values({
        id: orderId,
        bookingUuid: booking.uuid,
        supplierReference: booking.supplierReference ?? booking.uuid,
        userId: member.userId,
        status: 'PENDING_PAYMENT',
        productId: product.id,
        optionId: option.id,
        productTitle: product.title,
        optionTitle: option.title,
        availabilityId: request.selectedTime,
        lines,
        addons: addons.lines,
        addonCents: addons.cents,
        total: charged,
        ...discounts.columns,
        giftCardCents: giftCard?.cents ?? 0,
        giftCardId: giftCard?.giftCardId ?? null,
        passId: pass?.id ?? null,
        currency: web.currency,
        locale,
        paymentId: payment.id,
        holdExpiresAt,
        channel: sale?.channel ?? 'web',
      });
      await takeOrderDiscounts(tx, discounts, { id: orderId, userId: member.userId }, now);
      if (giftCard) await takeGiftCard(tx, giftCard, orderId, now);
      // An on-sale's pass is used with the order it let through: once (decision 0056).
      if (admission) await admission.consume(tx);
    });
    opened = undefined;
    // A free order is completed now; if the supplier cannot confirm it just now, its payments.check job does.
    const completed = charged === 0 || cash ? await completeCheckout(deps, session.id).catch((error: unknown) => log.warn('[checkout] a free order waits for its check', { error })) : undefined;
    const status = completed ? completed.order.status : 'PENDING_PAYMENT';
    return { paymentSession: { ...session, status }, bookingId: booking.uuid, expirationTime: holdExpiresAt.toISOString() };
  } catch (error) {
    // Whatever stopped the checkout after the hold, no payment is taken for it: give the places back at once,
    // and close a gateway session opened for an order that was not recorded (decision 0052).
    if (opened) await closeOpenedSession(gateway, opened.id);
    await supplier.cancelBooking(booking.uuid, { reason: 'The checkout stopped before payment' }).catch((cancelError: unknown) => {
      log.error('[checkout] the hold could not be released; it runs out by itself', { error: cancelError });
    });
    if (error instanceof AppError) throw error;
    log.error('[checkout] failed after the hold was taken', { error });
    throw new AppError('SUPPLIER_FAILED', 'internal');
  }
}

async function closeOpenedSession(gateway: CheckoutDeps['gateway'], sessionId: string): Promise<void> {
  await gateway.closeSession(sessionId).catch((error: unknown) => log.error('[checkout] an unused payment session could not be closed; it runs out with the hold', { error, sessionId }));
}

/** The order's add-on lines, or a refusal: an add-on not offered with this option, or too many of one. */
function pricedAddons(productId: string, optionId: string, chosen: Record<string, number>): { lines: AddonLine[]; cents: number } {
  const priced = addonLines(addonsOffered(currentCatalog().addons, productId, optionId), chosen);
  if ('problem' in priced) {
    const { problem } = priced;
    throw problem.kind === 'unknown' ? new AppError('VALIDATION', 'addonUnknown') : new AppError('VALIDATION', 'addonTooMany', { max: problem.max });
  }
  return priced;
}

/** A supplier's refusal of the choice, as the ticket page words it (the box office's sale words it alike). */
export function refusal(error: unknown): never {
  // Our own answer already (a slot too busy to lock in time: 503, try again) goes through as it is.
  if (error instanceof AppError) throw error;
  if (error instanceof SupplierError) {
    // A child without an adult is the visitor's choice to correct, not a lack of places.
    if (error.refusal?.reason === 'ACCOMPANIED_BY') throw new AppError('VALIDATION', ...supplierRefusal(error));
    if (error.code === 'UNPROCESSABLE_ENTITY') throw new AppError('SOLD_OUT', ...supplierRefusal(error));
    if (error.code in CHOICE_REFUSALS) throw new AppError('VALIDATION', ...supplierRefusal(error, CHOICE_REFUSALS));
  }
  log.error('[checkout] supplier failed', { error });
  throw new AppError('SUPPLIER_FAILED', 'internal');
}
