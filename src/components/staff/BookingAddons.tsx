// A booking's add-ons on the staff booking desk (decision 0050): quantity and name in the reader's language,
// and whether each was handed out, by whom and when (the gate hands them out: AddonHandOut).
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { BookingDetail } from '@/modules/bookings/find-bookings';
import { formatDate, formatTime } from '@/universal/format/date-time';
import styles from './staff.module.css';

export function BookingAddons({ addons }: { addons: BookingDetail['addons'] }) {
  const { t } = useTranslation('addons');
  const { locale = 'en' } = useRouter();
  if (addons.length === 0) return null;
  return (
    <>
      <h3>{t('gate.heading')}</h3>
      <ul className={styles.tickets} data-testid="booking-addons">
        {addons.map((line) => (
          <li key={line.addonId} data-addon={line.addonId}>
            <strong>{t('checkout.count', { count: line.quantity, name: t(`names.${line.addonId}.title`, { defaultValue: line.addonId }) })}</strong> ·{' '}
            {line.handedOutAt
              ? t('desk.handedOut', { by: line.handedOutBy ?? t('gate.operator'), date: formatDate(line.handedOutAt, locale), time: formatTime(line.handedOutAt, locale) })
              : t('desk.notHandedOut')}
          </li>
        ))}
      </ul>
    </>
  );
}
