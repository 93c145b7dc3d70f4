// A sale at the box office (decision 0053): the website's own path (modules/checkout/start-checkout.ts's
// holdAndOpenSession: the supplier's price, the inventory's hold, an order and its payment in the one ledger),
// for the walk-up visitor, on the channel `box-office`. Cash: the staff member's open till shift takes it, the
// ledger's payment is paid as it is recorded and the order is confirmed at once; the change is what was handed
// over less the total. Card: the gateway's session, paid on the counter's card form. The sale is audited in the
// transaction that records it; the tickets go by e-mail when the visitor gave an address.
import { eq } from 'drizzle-orm';
import { maxTicketsPerBooking } from '@/config/catalog';
import type { Locale } from '@/config/locales';
import type { CheckoutSession } from '@/ports/payments';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { holdAndOpenSession, refusal } from '../checkout/start-checkout';
import type { CheckoutDeps } from '../checkout/deps';
import { orderView, type OrderRow, type OrderView } from '../checkout/order-view';
import { renderTicketsEmail } from '../checkout/tickets-email';
import { enqueueMail, sendMailNow } from '../email/mail-queue';
import { recordAudit } from '../staff/audit-log';
import { completePayment } from '../payments/complete-payment';
import { paymentBySession, type PaymentRow } from '../payments/ledger';
import type { StaffUser } from '../staff/roles';
import type { CounterSaleRequest } from './sale-request';
import { lockOpenShift, requireOpenShift } from './till';
import { walkUpVisitor } from './walk-up';

export type CounterSaleResult = {
  order: OrderView;
  method: 'cash' | 'card';
  /** Cash: what was handed over and the change to give back. */
  tendered: number | null;
  change: number | null;
  /** Card: the gateway's session to pay on the counter's card form (null once paid, and for cash). */
  session: CheckoutSession | null;
  emailed: boolean;
};

async function orderOf(deps: CheckoutDeps, bookingUuid: string): Promise<OrderRow> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.bookingUuid, bookingUuid));
  if (!row) throw new Error(`no order for booking ${bookingUuid}`);
  return row;
}

/** Queues the tickets e-mail to the address the visitor gave, once per order, and sends it. */
export async function emailCounterTickets(deps: CheckoutDeps, order: OrderRow, email: string | undefined): Promise<boolean> {
  if (!email || order.status !== 'CONFIRMED') return false;
  const key = `box-office-tickets:${order.id}`;
  await enqueueMail(deps.db, key, await renderTicketsEmail(order, { email, name: email }, deps.siteUrl));
  await sendMailNow(deps.db, deps.mail, key);
  return true;
}

/** A box-office order's card payment by its gateway session; any other payment answers as unknown. */
export async function counterCardPayment(deps: CheckoutDeps, gatewaySessionId: string): Promise<{ payment: PaymentRow; order: OrderRow }> {
  const payment = await paymentBySession(deps.db, gatewaySessionId);
  const [order] = payment?.purpose === 'order' ? await deps.db.select().from(orders).where(eq(orders.id, payment.referenceId)) : [];
  if (!payment || !order || order.channel !== 'box-office') throw new AppError('NOT_FOUND', 'noPaymentSession');
  return { payment, order };
}

/** After the counter's card form: the payment completed through the one path, the tickets e-mailed if asked. */
export async function counterCardPaid(deps: CheckoutDeps, gatewaySessionId: string, email: string | undefined): Promise<CounterSaleResult> {
  await completePayment(deps, gatewaySessionId);
  const { order } = await counterCardPayment(deps, gatewaySessionId);
  const emailed = await emailCounterTickets(deps, order, email);
  return { order: orderView(order), method: 'card', tendered: null, change: null, session: null, emailed };
}

export async function sellAtCounter(deps: CheckoutDeps, staff: StaffUser, request: CounterSaleRequest, locale: Locale): Promise<CounterSaleResult> {
  const { db } = deps;
  const cash = request.payment.method === 'cash' ? request.payment : undefined;
  // Cash needs the staff member's open till: refused before anything is held.
  const shift = cash ? await requireOpenShift(db, staff.userId) : undefined;
  const product = await deps.supplier.getProduct(request.productId, locale).catch(refusal);
  const option = product.options.find((o) => o.id === request.optionId);
  if (!option) throw new AppError('VALIDATION', 'selectProductAndOption');
  const tickets = Object.values(request.quantities).reduce((sum, n) => sum + n, 0);
  const max = maxTicketsPerBooking(product.id);
  if (tickets > max) throw new AppError('VALIDATION', 'ticketsPerBookingMax', { max });

  const visitor = await walkUpVisitor(db);
  const actor = { kind: 'staff' as const, userId: staff.userId, email: staff.email };
  const started = await holdAndOpenSession(
    deps,
    visitor,
    { productId: request.productId, optionId: request.optionId, quantities: request.quantities, selectedTime: request.selectedTime },
    locale,
    product,
    option,
    {
      channel: 'box-office',
      cashTillShiftId: shift?.id,
      tenderedCents: cash?.tenderedCents,
      async recording(tx, order) {
        // Cash goes into a shift still open: one closing meanwhile waits for this sale, or refuses it here.
        if (shift) await lockOpenShift(tx, shift.id);
        await recordAudit(tx, {
          actor,
          action: 'box-office.sale',
          target: order.reference,
          after: { total: order.total, currency: order.currency, method: request.payment.method, tendered: cash?.tenderedCents ?? null, tillShift: shift?.id ?? null },
        });
      },
    },
  );
  const order = await orderOf(deps, started.bookingId);
  const emailed = await emailCounterTickets(deps, order, request.email || undefined);
  return {
    order: orderView(order),
    method: request.payment.method,
    tendered: cash ? cash.tenderedCents : null,
    change: cash ? cash.tenderedCents - order.total : null,
    session: cash || order.status !== 'PENDING_PAYMENT' ? null : started.paymentSession,
    emailed,
  };
}
