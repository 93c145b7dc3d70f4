// Change the time, the day or the quantities of a booking: pick a day and quantities, see the times with
// places, check the new total and what comes back, then confirm. The server prices and moves; this only asks.
import { useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { postJson } from '@/client/api';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import type { ChangeResult } from '@/modules/bookings/change-booking';
import type { ChangePayment as Payment } from '@/modules/bookings/change-payment';
import type { WebSlot } from '@/modules/catalog/check-availability';
import type { WebUnit } from '@/modules/catalog/web-product';
import { formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { ChangePayment } from './ChangePayment';
import styles from './bookings.module.css';

type Props = {
  bookingId: string;
  productId: string;
  optionId: string;
  units: WebUnit[];
  current: { availabilityId: string; quantities: Record<string, number> };
  today: string;
  /** A change to a higher total already waiting for its payment (a reload, the return from Stripe). */
  pending?: Payment | null;
};

export function ChangeBooking({ bookingId, productId, optionId, units, current, today, pending = null }: Props) {
  const { t } = useTranslation('booking');
  const router = useRouter();
  const locale = router.locale ?? 'en';
  const [date, setDate] = useState(current.availabilityId.slice(0, 10));
  const [quantities, setQuantities] = useState(current.quantities);
  const [slots, setSlots] = useState<WebSlot[] | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [quote, setQuote] = useState<ChangeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [payment, setPayment] = useState<Payment | null>(pending);

  const chosen = Object.fromEntries(Object.entries(quantities).filter(([, n]) => n > 0));
  const reset = () => {
    setSlots(null);
    setTime(null);
    setQuote(null);
    setError(null);
  };

  async function call<T>(url: string, body: unknown): Promise<T | null> {
    setBusy(true);
    setError(null);
    try {
      const { status, data } = await postJson<T & { error?: string }>(url, body);
      if (status >= 400) {
        setError(data.error ?? t('change.failed'));
        return null;
      }
      return data;
    } catch {
      setError(t('change.failed'));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function showTimes() {
    reset();
    const found = await call<WebSlot[]>('/api/auth/octo/products/availability', { productId, optionId, quantities: chosen, selectedDate: date });
    if (found) setSlots(found);
  }

  async function review() {
    if (!time) return;
    const priced = await call<ChangeResult>('/api/bookings/change', { bookingId, quantities: chosen, selectedTime: time });
    if (priced) setQuote(priced);
  }

  async function confirm() {
    if (!time) return;
    const done = await call<ChangeResult>('/api/bookings/change', { bookingId, quantities: chosen, selectedTime: time, confirm: true });
    if (done?.payment) setPayment(done.payment);
    else if (done?.changed) await router.replace({ pathname: router.pathname, query: { ...router.query, changed: '1' } }, undefined, { scroll: true });
  }

  const open = (slots ?? []).filter((s) => s.available || s.id === current.availabilityId);
  return (
    <section aria-labelledby="change-heading" className={styles.section}>
      <h2 id="change-heading">{t('change.heading')}</h2>
      <p>{t('change.intro')}</p>
      <div className={styles.changeGrid}>
        <TextField
          label={t('change.date')}
          type="date"
          min={today}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            reset();
          }}
        />
        {units.map((unit) => (
          <TextField
            key={unit.id}
            label={unit.title}
            type="number"
            inputMode="numeric"
            min={0}
            max={unit.maxQuantity}
            value={quantities[unit.id] ?? 0}
            onChange={(e) => {
              setQuantities({ ...quantities, [unit.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)) });
              reset();
            }}
          />
        ))}
      </div>
      <Button variant="secondary" onClick={showTimes} busy={busy && !slots} disabled={!date || Object.keys(chosen).length === 0}>
        {t('change.showTimes')}
      </Button>
      {slots && (
        <fieldset className={styles.times}>
          <legend>{t('change.times')}</legend>
          {open.length === 0 && <p>{t('change.noTimes')}</p>}
          {open.map((slot) => (
            <label key={slot.id} className={styles.time}>
              <input
                type="radio"
                name="time"
                value={slot.id}
                checked={time === slot.id}
                onChange={() => {
                  setTime(slot.id);
                  setQuote(null);
                }}
              />
              <span>{formatTime(slot.localDateTimeStart, locale)}</span>
              <span className={styles.muted}>{slot.id === current.availabilityId ? t('change.current') : t('change.placesLeft', { count: slot.vacancies })}</span>
            </label>
          ))}
        </fieldset>
      )}
      {slots && open.length > 0 && (
        <Button onClick={review} busy={busy && !quote} disabled={!time}>
          {t('change.review')}
        </Button>
      )}
      {quote && (
        <div className={styles.quote}>
          <p>
            <strong>{t('change.newTotal', { amount: formatMoney(quote.toTotal, quote.currency, locale) })}</strong>
          </p>
          <p>
            {quote.pay > 0
              ? t('change.pay', { amount: formatMoney(quote.pay, quote.currency, locale) })
              : quote.refund > 0
                ? t('change.refund', { amount: formatMoney(quote.refund, quote.currency, locale) })
                : t('change.noRefund')}
          </p>
          {!payment && (
            <div className={styles.actions}>
              <Button onClick={confirm} busy={busy}>
                {quote.pay > 0 ? t('change.confirmAndPay') : t('change.confirm')}
              </Button>
              <Button variant="secondary" onClick={reset} disabled={busy}>
                {t('change.keep')}
              </Button>
            </div>
          )}
        </div>
      )}
      {payment && <ChangePayment key={payment.changeId} payment={payment} onExpired={reset} />}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
