// Stripe Checkout in embedded mode: Stripe's own form, mounted in our page with the session's client
// secret. Stripe.js must come from js.stripe.com (PCI rules); Stripe's loader (@stripe/stripe-js, ADR
// 0011) fetches it at run time. The loader is imported only once this component mounts, which happens
// only when Stripe is the gateway: importing it starts loading Stripe.js, and the test gateway's
// checkout neither needs that nor carries the loader in its first-load JavaScript.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/client/i18n';
import type { StripeEmbeddedCheckout as EmbeddedCheckout } from '@stripe/stripe-js';
import { Alert } from '@/components/ui/Alert';

export function StripeEmbeddedCheckout({ publishableKey, clientSecret, onComplete }: { publishableKey: string; clientSecret: string; onComplete: () => void }) {
  const { t } = useTranslation('checkout');
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let checkout: EmbeddedCheckout | undefined;
    let cancelled = false;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js could not be loaded');
        // Embedded Checkout (initEmbeddedCheckout before Stripe.js's dahlia release).
        return stripe.createEmbeddedCheckoutPage({ fetchClientSecret: async () => clientSecret, onComplete });
      })
      .then((embedded) => {
        checkout = embedded;
        if (cancelled) embedded.destroy();
        else if (container.current) embedded.mount(container.current);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret, onComplete]);
  return failed ? <Alert tone="error">{t('card.failed')}</Alert> : <div ref={container} />;
}
