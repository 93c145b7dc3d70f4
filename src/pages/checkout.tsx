import { useCallback, useEffect, useState } from 'react';
import { withOutagePage } from '@/http/outage-page';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { toast } from '@/client/toast';
import { availabilityStore, selectionStore } from '@/client/booking/browser-stores';
import { paymentStore, usePayment } from '@/client/checkout/browser-payment';
import { ERROR_TOAST_MS } from '@/client/checkout/payment-store';
import styles from '@/components/checkout/checkout.module.css';
import frame from '@/components/ui/page.module.css';
import { OrderSummary } from '@/components/checkout/OrderSummary';
import { PaymentCountdown } from '@/components/checkout/PaymentCountdown';
import { PaymentForm } from '@/components/checkout/PaymentForm';
import { Tickets } from '@/components/checkout/Tickets';
import { Alert } from '@/components/ui/Alert';
import { Card } from '@/components/ui/Card';
import { PageTitle } from '@/components/ui/PageTitle';
import type { OrderView } from '@/modules/checkout/order-view';
import { memberPaymentSession, type MemberPaymentSession } from '@/modules/checkout/member-payment-session';
import { AppError } from '@/server/errors';
import { DEFAULT_LOCALE, isLocale } from '@/config/locales';
import { localizedPath } from '@/universal/localized-path';
import { getCheckoutDeps } from '@/wiring/checkout';
import { requireMember } from '@/http/require-member';
import { translationProps } from '@/server/translations';

/** `opened`: the booking the address names (`?uuid=`), rendered by the server; null when it names none or
 * one the member cannot see, which the browser then asks for and answers as before (decision 0076). */
type Props = { opened: MemberPaymentSession | null };

export default function CheckoutPage({ opened }: Props) {
  const { t } = useTranslation('checkout');
  const router = useRouter();
  // The server's session until the store holds it (right after hydration); the countdown starts with the store.
  const [rendered, setRendered] = useState(opened ?? undefined);
  const paymentSession = usePayment((s) => s.paymentSession) ?? rendered?.paymentSession;
  const expirationTime = usePayment((s) => s.expirationTime);
  const storedOrder = usePayment((s) => s.order) ?? rendered?.order;
  const [finished, setFinished] = useState<OrderView>();
  const [timedOut, setTimedOut] = useState(false);
  const order = finished ?? storedOrder;

  // A finished order is shown from here on; the stores start afresh for the next booking.
  const finish = useCallback((done: OrderView) => {
    setFinished(done);
    if (done.status === 'CONFIRMED' || done.status === 'REFUNDED') {
      paymentStore.getState().reset();
      selectionStore.getState().reset();
      availabilityStore.getState().reset();
    }
  }, []);

  // A paid or refunded booking is shown as finished; one still to pay stays in the store.
  const settle = useCallback(() => {
    const latest = paymentStore.getState().order;
    if (latest && latest.status !== 'PENDING_PAYMENT') finish(latest);
  }, [finish]);
  // A reload, or Stripe's return (?uuid=) that the server could not render, fetches the session by booking id.
  const refetch = useCallback(
    async (uuid?: string) => {
      await paymentStore.getState().refetchSession(uuid);
      settle();
    },
    [settle],
  );
  useEffect(() => {
    if (!router.isReady) return;
    const uuid = typeof router.query.uuid === 'string' ? router.query.uuid : undefined;
    void Promise.resolve(paymentStore.persist.rehydrate()).then(() => {
      if (!opened || opened.order.bookingId !== uuid) return refetch(uuid);
      paymentStore.getState().showSession(opened.order.bookingId, opened);
      setRendered(undefined);
      settle();
    });
  }, [router.isReady, router.query.uuid, refetch, settle, opened]);

  const pending = !order || order.status === 'PENDING_PAYMENT';
  const onExpired = useCallback(() => {
    paymentStore.getState().reset();
    setTimedOut(true);
    toast.error(t('expired.toast'), { duration: ERROR_TOAST_MS });
  }, [t]);
  const onStripeComplete = useCallback(() => void refetch(), [refetch]);

  return (
    <div className={frame.page}>
      <PageTitle title={t('title')} />
      {timedOut ? (
        <Card>
          <h1 className={frame.heading}>{t('expired.heading')}</h1>
          <p>{t('expired.body')}</p>
          <p className={styles.actions}>
            <Link href="/products">{t('expired.again')}</Link>
          </p>
        </Card>
      ) : order?.status === 'CONFIRMED' ? (
        <Card>
          <h1 className={frame.heading}>{t('confirmation.heading')}</h1>
          <p role="status">{t('confirmation.body')}</p>
          <p>
            {t('confirmation.reference')} <span className={styles.bigReference}>{order.reference}</span>
          </p>
          <OrderSummary order={order} />
          <h2>{t('confirmation.tickets')}</h2>
          <Tickets tickets={order.tickets} />
          <p className={styles.actions}>
            <Link href="/profile">{t('confirmation.myBookings')}</Link>
            <Link href="/products">{t('confirmation.bookMore')}</Link>
          </p>
        </Card>
      ) : order?.status === 'REFUNDED' ? (
        <Card>
          <h1 className={frame.heading}>{t('refunded.heading')}</h1>
          <Alert tone="info">{t('refunded.body', { reference: order.reference })}</Alert>
          <p className={styles.actions}>
            <Link href="/products">{t('expired.again')}</Link>
          </p>
        </Card>
      ) : (
        <>
          <h1 className={frame.heading}>{t('heading')}</h1>
          <PaymentCountdown expirationTime={pending && !timedOut ? expirationTime : undefined} onExpired={onExpired} />
          <div className={styles.layout}>
            <Card>
              <h2>{t('payment.heading')}</h2>
              {!paymentSession ? (
                <p role="status" className={styles.paymentLoading}>
                  {t('loading')}
                </p>
              ) : (
                <PaymentForm session={paymentSession} onPaid={finish} onStripeComplete={onStripeComplete} />
              )}
            </Card>
            <Card>
              <h2>{t('summary.heading')}</h2>
              {order ? <OrderSummary order={order} /> : <p role="status">{t('loading')}</p>}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

/** The booking `?uuid=` names, as refetchSession would answer it; null for none, or one it answers with an
 * error (someone else's, unknown): the browser asks and shows that error as before. An outage still throws. */
async function openedBooking(userId: string, uuid: unknown): Promise<Props['opened']> {
  if (typeof uuid !== 'string' || !uuid) return null;
  try {
    return await memberPaymentSession(await getCheckoutDeps(), userId, uuid);
  } catch (error) {
    if (error instanceof AppError && error.code !== 'UNAVAILABLE') return null;
    throw error;
  }
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const { session, redirect } = await requireMember(ctx);
  if (redirect) return { redirect };
  const [translations, opened] = await Promise.all([
    translationProps(ctx.locale, ['checkout', 'catalog', 'rewards', 'addons']),
    openedBooking(session.user.id, ctx.query.uuid),
  ]);
  // A booking cancelled since it was paid (an old offer's link, the history): its own page says so.
  if (opened?.order.status === 'CANCELLED') {
    const locale = isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE;
    return { redirect: { destination: localizedPath(`/bookings/${encodeURIComponent(opened.order.reference)}`, locale), permanent: false } };
  }
  return { props: { ...translations, session: JSON.parse(JSON.stringify(session)), opened } };
});
