// A member's booking: what, when, the tickets, the calendar file, and (while the visit is ahead) a change
// of time, day or quantities (a costlier one paid here first). Reached from "My bookings" and from the link in the tickets e-mail.
// Its GET only reads: a change paid just now is completed by the POST its client code makes on return
// (/api/bookings/change-payment), by the webhook or by the payment's check job, never by showing the page.
import { withOutagePage } from '@/http/outage-page';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { orderInPageLanguage } from '@/client/i18n/catalog-names';
import { CancelBooking } from '@/components/bookings/CancelBooking';
import { ChangeBooking } from '@/components/bookings/ChangeBooking';
import styles from '@/components/bookings/bookings.module.css';
import { OrderDeductions } from '@/components/checkout/OrderDeductions';
import { Tickets } from '@/components/checkout/Tickets';
import { Alert } from '@/components/ui/Alert';
import { Card } from '@/components/ui/Card';
import frame from '@/components/ui/page.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { cancellationTerms, type CancellationTerms } from '@/modules/bookings/cancellation-terms';
import { changeOfOrder, changePaymentView, pendingChange, type ChangePayment } from '@/modules/bookings/change-payment';
import { refundedOf } from '@/modules/payments/order-refunds';
import { isUpcoming, memberBooking } from '@/modules/bookings/member-booking';
import { memberPerks } from '@/modules/program/member-perks';
import { orderView, type OrderView } from '@/modules/checkout/order-view';
import { toWebProduct, type WebUnit } from '@/modules/catalog/web-product';
import { requireMember } from '@/http/require-member';
import { AppError } from '@/server/errors';
import { translationProps } from '@/server/translations';
import { AddonLines } from '@/components/checkout/AddonLines';
import { getCheckoutDeps } from '@/wiring/checkout';
import { appleWalletConfig, googleWalletConfig } from '@/wiring/wallet';
import { getMemberProfile } from '@/modules/accounts/member-profile';
import { googleWalletJwt, googleWalletSaveUrl } from '@/modules/wallet/google-wallet';
import { TIME_ZONE } from '@/config/attraction';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { todayIn } from '@/universal/local-date';
import { serverNow } from '@/server/clock';
import { ticketQrImages } from '@/server/qr-images';

type Props = {
  order: OrderView;
  refundedAmount: number;
  changeable: boolean;
  cancelTerms: CancellationTerms | null;
  /** Shown only when configured: the Google Wallet save link, and whether Apple Wallet passes are made. */
  wallet: { google: string | null; apple: boolean };
  units: WebUnit[];
  today: string;
  /** A change to a higher total waiting for its payment, shown with its payment form. */
  pendingChange: ChangePayment | null;
  /** How the change paid for just now went (?change=…): moved, or its payment refunded. */
  changeOutcome: { status: 'DONE' | 'REFUNDED'; refund: number } | null;
  /** A change whose payment may have been taken meanwhile: the page asks for its completion on return. */
  awaitingChange: string | null;
  /** The tickets' QR codes, drawn on the server: the page's largest paint is in its HTML. */
  ticketQrs: Record<string, string>;
};

/** On return from paying a change, asks the server to complete it; the page reads again once it moved on. */
function useChangeCompletion(bookingId: string, changeId: string | null) {
  const router = useRouter();
  useEffect(() => {
    if (!changeId) return;
    let live = true;
    void postJson<{ outcome?: string }>('/api/bookings/change-payment', { bookingId, changeId })
      .then(({ status, data }) => {
        if (!live || status >= 400 || data.outcome === 'unpaid' || data.outcome === 'in-progress') return;
        return router.replace({ pathname: router.pathname, query: { reference: router.query.reference, change: changeId } }, undefined, { scroll: false });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [bookingId, changeId, router]);
}

export default function BookingPage({ order: booked, refundedAmount, changeable, cancelTerms, wallet, units, today, pendingChange, changeOutcome, awaitingChange, ticketQrs }: Props) {
  useChangeCompletion(booked.bookingId, awaitingChange);
  const { t } = useTranslation('booking');
  // Names in the reader's language, whichever language the booking was made in.
  const order = orderInPageLanguage(t, booked);
  const { t: tp } = useTranslation('profile');
  const router = useRouter();
  const locale = router.locale ?? 'en';
  const quantities = Object.fromEntries(order.lines.map((l) => [l.unitId, l.quantity]));
  const title = order.optionTitle !== order.productTitle ? `${order.productTitle} · ${order.optionTitle}` : order.productTitle;
  return (
    <div className={frame.page}>
      <PageTitle title={t('title', { reference: order.reference })} />
      <h1 className={frame.heading}>{t('heading')}</h1>
      <p className={frame.intro}>{title}</p>
      <Card>
        {(router.query.changed === '1' || changeOutcome?.status === 'DONE') && <Alert tone="success">{t('change.done')}</Alert>}
        {changeOutcome?.status === 'REFUNDED' && <Alert tone="info">{t('change.refunded', { amount: formatMoney(changeOutcome.refund, order.currency, locale) })}</Alert>}
        {router.query.cancelled === '1' && order.status === 'CANCELLED' && <Alert tone="success">{t('cancel.done')}</Alert>}
        <dl className={styles.summary}>
          <dt>{t('reference')}</dt>
          <dd>
            <strong>{order.reference}</strong>
          </dd>
          <dt>{t('status')}</dt>
          <dd>{tp(`bookings.status.${order.status}`)}</dd>
          <dt>{t('when')}</dt>
          <dd>
            {formatDate(order.availabilityId, locale)}, {formatTime(order.availabilityId, locale)} ({t('timeZone')})
          </dd>
          <dt>{t('tickets')}</dt>
          <dd>{order.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')}</dd>
          <AddonLines order={order} />
          <OrderDeductions order={order} currency={order.currency} />
          <dt>{t('total')}</dt>
          <dd>{formatMoney(order.total, order.currency, locale)}</dd>
          {refundedAmount > 0 && (
            <>
              <dt>{t('refunded')}</dt>
              <dd>{formatMoney(refundedAmount, order.currency, locale)}</dd>
            </>
          )}
        </dl>
        {order.status === 'CONFIRMED' && (
          <div className={styles.links}>
            <a href={`/api/bookings/calendar?booking=${encodeURIComponent(order.reference)}`} download={`${order.reference}.ics`}>
              {t('addToCalendar')}
            </a>
            <Link href="/profile">{t('back')}</Link>
          </div>
        )}
        {order.status === 'CONFIRMED' && order.tickets.length > 0 && (
          <section aria-labelledby="tickets-heading" className={styles.section}>
            <h2 id="tickets-heading">{t('ticketsHeading', { count: order.tickets.length })}</h2>
            <Tickets tickets={order.tickets} drawn={ticketQrs} />
            {(wallet.google || wallet.apple) && (
              <div className={styles.links}>
                {wallet.google && (
                  <a href={wallet.google} target="_blank" rel="noopener noreferrer">
                    {t('wallet.google')}
                  </a>
                )}
                {wallet.apple &&
                  order.tickets.map((ticket, index) => (
                    <a key={ticket.reference} href={`/api/bookings/apple-pass?booking=${encodeURIComponent(order.reference)}&ticket=${encodeURIComponent(ticket.reference)}`}>
                      {t('wallet.apple', { number: index + 1 })}
                    </a>
                  ))}
              </div>
            )}
          </section>
        )}
        {changeable ? (
          <ChangeBooking
            // A new form once the booking changed (a paid change included): nothing of the old choice stays.
            key={`${order.availabilityId}|${order.total}|${pendingChange?.changeId ?? ''}`}
            bookingId={order.bookingId}
            productId={order.productId}
            optionId={order.optionId}
            units={units}
            current={{ availabilityId: order.availabilityId, quantities }}
            today={today}
            pending={pendingChange}
          />
        ) : (
          order.status === 'CONFIRMED' && <p className={styles.section}>{t('change.notChangeable')}</p>
        )}
        {cancelTerms && <CancelBooking bookingId={order.bookingId} terms={cancelTerms} />}
      </Card>
    </div>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const { session, redirect } = await requireMember(ctx);
  if (redirect) return { redirect };
  const deps = await getCheckoutDeps();
  const reference = String(ctx.params?.reference ?? '');
  const row = await memberBooking(deps.db, session.user.id, reference).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!row) return { notFound: true };
  const now = serverNow();
  // A change paid just now (the card form's return, Stripe's) or waiting with its payment: shown as it
  // stands; the client asks for its completion (useChangeCompletion).
  const asked = typeof ctx.query.change === 'string' ? await changeOfOrder(deps.db, row.id, ctx.query.change) : undefined;
  const still = await pendingChange(deps.db, row.id, now);
  const awaiting = [asked, still].find((c) => c && (c.status === 'PENDING_PAYMENT' || c.status === 'RELEASED'));
  const changeable = isUpcoming(row, now);
  // What went back: changes to a lower total, and the cancellation's refund once it is under way.
  const refundedAmount = await refundedOf(deps.db, row);
  let units: WebUnit[] = [];
  if (changeable) {
    const product = await deps.supplier.getProduct(row.productId, ctx.locale ?? row.locale);
    // The member's extra tickets per booking (decision 0038): a change may keep or reach what checkout allows.
    const { extraTicketsPerBooking } = await memberPerks(deps.db, session.user.id);
    units = (toWebProduct(product).options.find((o) => o.id === row.optionId)?.units ?? []).map((unit) => ({
      ...unit,
      maxQuantity: unit.maxQuantity + extraTicketsPerBooking,
    }));
  }
  const google = row.status === 'CONFIRMED' ? googleWalletConfig() : null;
  const profile = google ? await getMemberProfile(deps.db, session.user.id) : null;
  const googleUrl = google ? googleWalletSaveUrl(googleWalletJwt(row, google, profile ? `${profile.firstName} ${profile.lastName}` : '', deps.siteUrl)) : null;
  const order = orderView(row);
  return {
    props: {
      ...(await translationProps(ctx.locale, ['booking', 'profile', 'checkout', 'catalog', 'rewards', 'addons'])),
      session: JSON.parse(JSON.stringify(session)),
      order,
      refundedAmount,
      changeable: changeable && units.length > 0,
      cancelTerms: cancellationTerms(row, now),
      wallet: { google: googleUrl, apple: row.status === 'CONFIRMED' && appleWalletConfig() !== null },
      units,
      today: todayIn(TIME_ZONE, now),
      pendingChange: still && changeable ? await changePaymentView(deps.db, still) : null,
      changeOutcome: asked && (asked.status === 'DONE' || asked.status === 'REFUNDED') ? { status: asked.status, refund: asked.status === 'REFUNDED' ? asked.payAmount : 0 } : null,
      awaitingChange: awaiting?.id ?? null,
      ticketQrs: order.status === 'CONFIRMED' ? await ticketQrImages(order.tickets) : {},
    },
  };
});
