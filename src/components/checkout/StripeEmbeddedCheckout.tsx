// Stripe Checkout in embedded mode: Stripe's own form, mounted in our page with the session's client
// secret. Stripe.js must come from js.stripe.com (PCI rules), so it is loaded at run time.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { Alert } from '@/components/ui/Alert';

type EmbeddedCheckout = { mount: (element: HTMLElement) => void; destroy: () => void };
type StripeJs = { initEmbeddedCheckout: (options: { fetchClientSecret: () => Promise<string>; onComplete?: () => void }) => Promise<EmbeddedCheckout> };
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(script);
  });
}

export function StripeEmbeddedCheckout({ publishableKey, clientSecret, onComplete }: { publishableKey: string; clientSecret: string; onComplete: () => void }) {
  const { t } = useTranslation('checkout');
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let checkout: EmbeddedCheckout | undefined;
    let cancelled = false;
    loadStripeJs()
      .then(() => window.Stripe!(publishableKey).initEmbeddedCheckout({ fetchClientSecret: async () => clientSecret, onComplete }))
      .then((embedded) => {
        checkout = embedded;
        if (cancelled) embedded.destroy();
        else if (container.current) embedded.mount(container.current);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret, onComplete]);
  return failed ? <Alert tone="error">{t('card.failed')}</Alert> : <div ref={container} />;
}
