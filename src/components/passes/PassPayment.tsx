// The payment form of an annual pass's purchase or renewal (decision 0051): the one payments ledger's test
// card form, or Stripe's embedded checkout.
import { useTranslation } from '@/client/i18n';
import { StripeEmbeddedCheckout } from '@/components/checkout/StripeEmbeddedCheckout';
import { TestCardForm } from '@/components/checkout/TestCardForm';
import type { CheckoutSession } from '@/ports/payments';
import { formatMoney } from '@/universal/format/money';
import { useRouter } from 'next/router';

export function PassPayment({ session, onPaid }: { session: CheckoutSession; onPaid: () => void }) {
  const { t } = useTranslation('passes');
  const { locale = 'en' } = useRouter();
  return (
    <>
      <h3>{t('buy.pay', { amount: formatMoney(session.amount, session.currency, locale) })}</h3>
      {session.provider === 'stripe' && session.clientSecret && session.publishableKey ? (
        <StripeEmbeddedCheckout publishableKey={session.publishableKey} clientSecret={session.clientSecret} onComplete={onPaid} />
      ) : (
        <TestCardForm sessionId={session.id} amount={session.amount} currency={session.currency} onPaid={onPaid} onPassPaid={onPaid} />
      )}
    </>
  );
}
