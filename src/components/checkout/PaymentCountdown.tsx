// The time left to pay, ticking every second: in place from the first paint (a dash until the session is
// known), so the cards below never jump. Used by /checkout and by a change of a booking that costs more.
import { useTranslation } from '@/client/i18n';
import { formatCountdown } from '@/client/checkout/countdown';
import styles from './checkout.module.css';

export function PaymentCountdown({ remaining }: { remaining: number | undefined }) {
  const { t } = useTranslation('checkout');
  return (
    <div className={styles.countdown} role="timer" aria-label={t('countdown.label')}>
      <span>{t('countdown.label')}</span>
      <span className={styles.countdownValue} aria-hidden="true">
        {remaining === undefined ? '—' : formatCountdown(remaining)}
      </span>
      {remaining !== undefined && <span className="visually-hidden">{formatCountdown(remaining)}</span>}
    </div>
  );
}
