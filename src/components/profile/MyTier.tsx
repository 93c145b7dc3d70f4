// The member's tier of the ambassador program: its name, the visits that earned it, and how many more
// visits the next tier asks (or that the member is at the top), with a small progress bar.
import { useTranslation } from '@/client/i18n';
import type { Membership } from '@/modules/loyalty/membership';
import styles from './profile.module.css';

type Props = { membership: Pick<Membership, 'tier' | 'visits' | 'nextTier'>; windowMonths: number };

export function MyTier({ membership, windowMonths }: Props) {
  const { t } = useTranslation('profile');
  const { tier, visits, nextTier } = membership;
  // The bar runs from no visits to the next tier's threshold; at the top it is full.
  const max = nextTier ? visits + nextTier.visitsToGo : Math.max(visits, 1);
  const now = nextTier ? visits : max;
  const label = nextTier ? t('program.progressLabel', { tier: nextTier.name }) : t('program.progressLabelTop');
  return (
    <section className={styles.tier} aria-labelledby="my-tier-heading">
      <h2 id="my-tier-heading" className={styles.tierHeading}>
        {t('program.heading')}
      </h2>
      <p className={styles.tierName}>{tier.name}</p>
      <p className={styles.tierVisits}>{t('program.visits', { count: visits, months: windowMonths })}</p>
      <div
        className={styles.tierBar}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={now}
        aria-valuetext={t('program.progressValue', { count: now, max })}
      >
        <span className={styles.tierBarFill} style={{ width: `${Math.round((now / max) * 100)}%` }} />
      </div>
      <p className={styles.tierNext}>{nextTier ? t('program.toNext', { count: nextTier.visitsToGo, tier: nextTier.name }) : t('program.top')}</p>
    </section>
  );
}
