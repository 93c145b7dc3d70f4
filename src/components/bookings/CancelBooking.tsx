// Cancel a booking under its policy: the exact refund is shown first (from the server), then confirmed.
import { useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { postJson } from '@/client/api';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { CancellationTerms } from '@/modules/bookings/cancellation-terms';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import styles from './bookings.module.css';

export function CancelBooking({ bookingId, terms }: { bookingId: string; terms: CancellationTerms }) {
  const { t } = useTranslation('booking');
  const router = useRouter();
  const locale = router.locale ?? 'en';
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refund = formatMoney(terms.refund, terms.currency, locale);
  const freeUntil = `${formatDate(terms.freeUntil, locale)}, ${formatTime(terms.freeUntil, locale)}`;
  const policy =
    terms.percent === 100
      ? t('cancel.free', { date: freeUntil })
      : terms.refund > 0
        ? t('cancel.partial', { percent: terms.percent, date: freeUntil })
        : t('cancel.none', { date: freeUntil });

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const { status, data } = await postJson<{ error?: string }>('/api/bookings/cancel', { bookingId, confirm: true, expectedRefund: terms.refund });
      if (status >= 400) setError(data.error ?? t('change.failed'));
      else await router.replace({ pathname: router.pathname, query: { ...router.query, cancelled: '1' } });
    } catch {
      setError(t('change.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="cancel-heading" className={styles.section}>
      <h2 id="cancel-heading">{t('cancel.heading')}</h2>
      <p>{policy}</p>
      <p>
        <strong>{t('cancel.refund', { amount: refund })}</strong>
      </p>
      {!asking ? (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('cancel.start')}
        </Button>
      ) : (
        <div className={styles.quote}>
          <p>{t('cancel.sure', { amount: refund })}</p>
          <div className={styles.actions}>
            <Button onClick={confirm} busy={busy}>
              {t('cancel.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
              {t('cancel.keep')}
            </Button>
          </div>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
