// An order as the member sees it, in the browser and in e-mails.
import type { CheckoutSession } from '@/ports/payments';
import type { OrderAddonLine, OrderLine, orders } from '@/server/db/schema';

export type OrderRow = typeof orders.$inferSelect;

export type OrderView = {
  bookingId: string;
  reference: string;
  status: OrderRow['status'];
  productId: string;
  optionId: string;
  productTitle: string;
  optionTitle: string;
  availabilityId: string;
  lines: OrderLine[];
  /** Add-ons sold with the tickets, at the list price paid (decision 0050); in `total`. */
  addons: OrderAddonLine[];
  /** What the member pays: the lines at list price less `discount` (a member price, decision 0038). */
  total: number;
  discount: number;
  /** Taken off after the discount by a reward or a guest pass (decision 0042), and which ('reward:<id>', 'guest-pass'). */
  reward: number;
  rewardReason: string | null;
  /** Taken off by a promo code on the tickets where it beat the member price (decision 0049), and which. */
  promo: number;
  promoCode: string | null;
  /** Paid by a gift card after the reward (decision 0047); `total` is what is left for the gateway. */
  giftCard: number;
  currency: string;
  expirationTime: string;
  /** `code`: what the ticket's QR carries (the signed code, or the reference of an older order). */
  tickets: { reference: string; unitId: string; unitTitle: string; code: string }[];
};

export type PaymentSessionView = CheckoutSession & { status: OrderRow['status'] };

export function orderView(row: OrderRow): OrderView {
  const unitTitle = (unitId: string) => row.lines.find((l) => l.unitId === unitId)?.title ?? unitId;
  return {
    bookingId: row.bookingUuid,
    reference: row.supplierReference,
    status: row.status,
    productId: row.productId,
    optionId: row.optionId,
    productTitle: row.productTitle,
    optionTitle: row.optionTitle,
    availabilityId: row.availabilityId,
    lines: row.lines,
    addons: row.addons,
    total: row.total,
    discount: row.discountCents,
    reward: row.rewardCents,
    rewardReason: row.rewardReason,
    promo: row.promoCents,
    promoCode: row.promoCode,
    giftCard: row.giftCardCents,
    currency: row.currency,
    expirationTime: row.holdExpiresAt.toISOString(),
    tickets: (row.tickets ?? []).map((t) => ({ reference: t.reference, unitId: t.unitId, unitTitle: unitTitle(t.unitId), code: t.code ?? t.reference })),
  };
}

/** The order's payment session as the browser pays it, with the order's status. */
export function paymentSessionView(row: OrderRow, session: CheckoutSession): PaymentSessionView {
  return { ...session, status: row.status };
}
