// The time left to pay, ticking every second: in place from the first paint (a dash until the session is
// known), so the cards below never jump. Used by /checkout and by a change of a booking that costs more.
// The tick lives here, not in the page: each second re-renders this line only, not the card form and summary.
import { useTranslation } from '@/client/i18n';
import { formatCountdown } from '@/client/checkout/countdown';
import { useCountdown } from '@/client/checkout/use-countdown';
import styles from './checkout.module.css';

type Props = { expirationTime: string | undefined; onExpired: () => void };

export function PaymentCountdown({ expirationTime, onExpired }: Props) {
  const { t } = useTranslation('checkout');
  const remaining = useCountdown(expirationTime, onExpired);
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
