// The payment of a change that costs more: the new places are held while the countdown runs; once paid
// the booking page reloads with the change (?change=…), asks for its completion if it is still waiting
// (useChangeCompletion) and shows how it went. When the time runs out nothing changed.
import { useCallback, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { PaymentCountdown } from '@/components/checkout/PaymentCountdown';
import { PaymentForm } from '@/components/checkout/PaymentForm';
import { Alert } from '@/components/ui/Alert';
import type { ChangePayment as Payment } from '@/modules/bookings/change-payment';
import { formatMoney } from '@/universal/format/money';
import styles from './bookings.module.css';

export function ChangePayment({ payment, onExpired }: { payment: Payment; onExpired: () => void }) {
  const { t } = useTranslation('booking');
  const router = useRouter();
  const locale = router.locale ?? 'en';
  const [timedOut, setTimedOut] = useState(false);
  const expire = useCallback(() => {
    setTimedOut(true);
    onExpired();
  }, [onExpired]);
  // The page reads the change again; its client code completes it if the payment did not already.
  const done = useCallback(() => {
    void router.replace({ pathname: router.pathname, query: { reference: router.query.reference, change: payment.changeId } }, undefined, { scroll: true });
  }, [router, payment.changeId]);
  if (timedOut) return <Alert tone="info">{t('change.expired')}</Alert>;
  return (
    <section aria-labelledby="change-pay-heading" className={styles.quote}>
      <h3 id="change-pay-heading">{t('change.payHeading', { amount: formatMoney(payment.paymentSession.amount, payment.paymentSession.currency, locale) })}</h3>
      <p>{t('change.payIntro')}</p>
      <PaymentCountdown expirationTime={payment.expirationTime} onExpired={expire} />
      <PaymentForm session={payment.paymentSession} onPaid={done} onStripeComplete={done} />
    </section>
  );
}
