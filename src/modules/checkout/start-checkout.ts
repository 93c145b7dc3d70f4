// Book: hold the places at the supplier, price them there, and open a payment session for the total.
import { SupplierError } from '@/ports/supplier';
import type { Locale } from '@/config/locales';
import { orders, type OrderLine } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { supplierRefusal } from '../catalog/supplier-refusal';
import type { CheckoutRequest } from './checkout-request';
import type { CheckoutDeps } from './deps';
import { paymentSessionView, type PaymentSessionView } from './order-view';
import { PAYMENT_RECHECK_MS } from './sweep-paid-orders';

export type StartedCheckout = { paymentSession: PaymentSessionView; bookingId: string; expirationTime: string };

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
): Promise<StartedCheckout> {
  const { supplier, gateway, db } = deps;
  const product = await supplier.getProduct(request.productId, locale).catch(refusal);
  const option = product.options.find((o) => o.id === request.optionId);
  if (!option) throw new AppError(400, 'VALIDATION', 'selectProductAndOption');

  const unitItems = Object.entries(request.quantities).flatMap(([unitId, quantity]) => Array.from({ length: quantity }, () => ({ unitId })));
  const booking = await supplier
    .createBooking({
      productId: product.id,
      optionId: option.id,
      availabilityId: request.selectedTime,
      unitItems,
      expirationMinutes: deps.holdMinutes,
      notes: `Skypass member ${member.userId}`,
    })
    .catch(refusal);

  const lines: OrderLine[] = Object.entries(request.quantities).map(([unitId, quantity]) => {
    const unit = option.units.find((u) => u.id === unitId);
    return { unitId, title: unit?.title ?? unitId, quantity, unitPrice: unit?.pricingFrom[0]?.retail ?? 0 };
  });
  // The supplier's price is the price; our lines only describe it.
  const total = booking.pricing?.retail ?? lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const currency = booking.pricing?.currency ?? product.defaultCurrency ?? 'USD';
  const holdExpiresAt = new Date(booking.utcExpiresAt!);

  try {
    const session = await gateway.createSession({
      amount: total,
      currency,
      reference: booking.uuid,
      description: `${product.title} · ${option.title}`,
      customerEmail: member.email,
      expiresAt: holdExpiresAt,
      returnUrl: `${deps.siteUrl}/checkout?uuid=${encodeURIComponent(booking.uuid)}`,
    });
    const [row] = await db
      .insert(orders)
      .values({
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
        total,
        currency,
        locale,
        paymentProvider: gateway.provider,
        paymentSessionId: session.id,
        paymentSession: session,
        holdExpiresAt,
        // Paying takes the member a moment: the sweeper's first look comes after it.
        nextPaymentCheckAt: new Date((deps.now?.() ?? new Date()).getTime() + PAYMENT_RECHECK_MS),
      })
      .returning();
    return { paymentSession: paymentSessionView(row!), bookingId: booking.uuid, expirationTime: holdExpiresAt.toISOString() };
  } catch (error) {
    // No payment can be taken for this hold: give the places back at once.
    await supplier.cancelBooking(booking.uuid, { reason: 'The payment session could not be opened' }).catch(() => undefined);
    throw error;
  }
}

function refusal(error: unknown): never {
  if (error instanceof SupplierError) {
    if (error.code === 'UNPROCESSABLE_ENTITY') throw new AppError(409, 'SOLD_OUT', ...supplierRefusal(error));
    if (error.code in CHOICE_REFUSALS) throw new AppError(400, 'VALIDATION', ...supplierRefusal(error, CHOICE_REFUSALS));
  }
  console.error('[checkout] supplier failed', error);
  throw new AppError(502, 'SUPPLIER_FAILED', 'internal');
}
