// Refund at the counter (decision 0053): find the booking by its reference, read what goes back and how (cash
// from the till, or to the card), confirm the amount, and read it back once refunded.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { findBooking, refundBooking } from '@/client/staff/box-office-calls';
import type { CounterBooking, CounterRefund as Refunded } from '@/modules/box-office/counter-refund';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { formatMoney } from '@/universal/format/money';
import { formatDate, formatTime } from '@/universal/format/date-time';
import styles from './box-office.module.css';

export function CounterRefund({ onRefunded }: { onRefunded: () => void }) {
  const { t } = useTranslation('boxoffice');
  const { locale = 'en' } = useRouter();
  const [reference, setReference] = useState('');
  const [booking, setBooking] = useState<CounterBooking>();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<Refunded>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onFind(event: FormEvent) {
    event.preventDefault();
    if (reference.trim().length < 4) return setError(t('refund.referenceNeeded'));
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    setConfirming(false);
    const answer = await findBooking(reference.trim());
    setBusy(false);
    if (!answer.ok) {
      setBooking(undefined);
      return setError(answer.error);
    }
    setBooking(answer.data);
  }

  async function onRefund() {
    if (!booking) return;
    setBusy(true);
    setError(undefined);
    const answer = await refundBooking(booking.reference);
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) return setError(answer.error);
    setDone(answer.data);
    setBooking(undefined);
    onRefunded();
  }

  const money = (cents: number, currency: string) => formatMoney(cents, currency, locale);
  const how = (method: CounterBooking['method']) => t(`refund.method.${method}`);
  return (
    <section aria-labelledby="refund-heading" className={styles.noPrint}>
      <h2 id="refund-heading">{t('refund.heading')}</h2>
      <form onSubmit={onFind} className={styles.inline} noValidate>
        <TextField label={t('refund.reference')} autoComplete="off" autoCapitalize="characters" value={reference} onChange={(e) => setReference(e.target.value)} />
        <Button type="submit" variant="secondary" busy={busy && !booking}>
          {t('refund.find')}
        </Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
      {done && (
        <Alert tone="success">
          <span data-testid="refund-done">{t('refund.done', { amount: money(done.refundAmount, done.currency), reference: done.reference, how: how(done.method) })}</span>
        </Alert>
      )}
      {booking && (
        <div className={styles.found}>
          <p>
            <strong>{booking.reference}</strong> · {booking.productTitle} · {booking.optionTitle} · {formatDate(booking.availabilityId, locale)} {formatTime(booking.availabilityId, locale)}
          </p>
          <p>{t('refund.summary', { n: booking.tickets, total: money(booking.total, booking.currency), how: how(booking.method), status: t(`refund.status.${booking.status}`) })}</p>
          {booking.refundable > 0 ? (
            confirming ? (
              <div role="group" aria-labelledby="refund-confirm" className={styles.confirm}>
                <p id="refund-confirm">{t('refund.confirm', { amount: money(booking.refundable, booking.currency), how: how(booking.method) })}</p>
                <div className={styles.actions}>
                  <Button type="button" onClick={() => void onRefund()} busy={busy} autoFocus>
                    {t('refund.yes', { amount: money(booking.refundable, booking.currency) })}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                    {t('refund.no')}
                  </Button>
                </div>
              </div>
            ) : (
              <Button type="button" onClick={() => setConfirming(true)}>
                {t('refund.refund', { amount: money(booking.refundable, booking.currency) })}
              </Button>
            )
          ) : (
            <p>{t('refund.nothing')}</p>
          )}
        </div>
      )}
    </section>
  );
}
