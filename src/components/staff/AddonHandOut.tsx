// The gate's add-ons of a booking (decision 0050): each line with its quantity and a "Mark handed out" button,
// or who handed it out and when.
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useTranslation } from '@/client/i18n';
import { handOutAddonCall } from '@/client/staff/gate-calls';
import { Button } from '@/components/ui/Button';
import type { GateBooking } from '@/modules/gate/scan-ticket';
import { formatTime } from '@/universal/format/date-time';
import styles from './staff.module.css';

type Props = { booking: GateBooking; onChange: (booking: GateBooking) => void; onError: (message: string) => void };

export function AddonHandOut({ booking, onChange, onError }: Props) {
  const { t } = useTranslation('addons');
  const { locale = 'en' } = useRouter();
  const [busy, setBusy] = useState<string | undefined>();
  if (booking.addons.length === 0) return null;

  const handOut = async (addonId: string) => {
    setBusy(addonId);
    const answer = await handOutAddonCall(booking.reference, addonId);
    setBusy(undefined);
    if (answer.ok) onChange(answer.booking);
    else onError(answer.error);
  };

  return (
    <section className={styles.addons} aria-labelledby="gate-addons-heading">
      <h2 id="gate-addons-heading" className={styles.addonsHeading}>
        {t('gate.heading')}
      </h2>
      <ul className={styles.tickets}>
        {booking.addons.map((line) => {
          const name = t(`names.${line.addonId}.title`, { defaultValue: line.addonId });
          return (
            <li key={line.addonId} className={styles.addonLine} data-addon={line.addonId}>
              <strong>{t('checkout.count', { count: line.quantity, name })}</strong>
              {line.handedOutAt ? (
                <span className={styles.muted}>{t('gate.handedOut', { by: line.handedOutBy ?? t('gate.operator'), time: formatTime(line.handedOutAt, locale) })}</span>
              ) : (
                <Button type="button" variant="secondary" busy={busy === line.addonId} onClick={() => void handOut(line.addonId)} aria-label={`${t('gate.markHandedOut')}: ${name}`}>
                  {t('gate.markHandedOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
