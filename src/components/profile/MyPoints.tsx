// The member's points of the ambassador program (decision 0037): the balance they can count on, the points
// waiting for their tickets' admission, and the soonest points to expire (the date as the server wrote it
// in the visitor's language, New York's day).
import { useTranslation } from '@/client/i18n';
import type { Membership } from '@/modules/loyalty/membership';
import styles from './profile.module.css';

type Props = { points: Membership['points']; expiryMonths: number };

export function MyPoints({ points, expiryMonths }: Props) {
  const { t } = useTranslation('profile');
  const { balance, pending, nextExpiry } = points;
  return (
    <section className={styles.points} aria-labelledby="my-points-heading">
      <h2 id="my-points-heading" className={styles.tierHeading}>
        {t('points.heading')}
      </h2>
      <p className={styles.tierName}>{t('points.balance', { count: balance })}</p>
      {pending > 0 && <p className={styles.pointsLine}>{t('points.pending', { count: pending })}</p>}
      {nextExpiry && <p className={styles.pointsLine}>{t('points.expires', { count: nextExpiry.points, date: nextExpiry.onText })}</p>}
      <p className={styles.pointsHow}>{t('points.how', { count: expiryMonths })}</p>
    </section>
  );
}
