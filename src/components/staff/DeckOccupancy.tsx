import { useTranslation } from '@/client/i18n';
import { Alert } from '@/components/ui/Alert';
import { ATTRACTION } from '@/config/attraction';
import { occupancyLevel } from '@/universal/occupancy-level';
import styles from './staff.module.css';

/** The people on the deck now against its limit (decision 0045), with a warning near it and an alarm at it. */
export function DeckOccupancy({ occupancy }: { occupancy: { inside: number; limit: number } }) {
  const { t, i18n } = useTranslation('staff');
  const level = occupancyLevel(occupancy, ATTRACTION.deck.warnPercent);
  const number = new Intl.NumberFormat(i18n.language);
  const percent = occupancy.limit > 0 ? Math.round((occupancy.inside * 100) / occupancy.limit) : 0;
  return (
    <section className={styles.occupancy} data-level={level} aria-labelledby="deck-occupancy" data-testid="occupancy">
      <h2 id="deck-occupancy" className={styles.occupancyTitle}>
        {t('today.occupancy')}
      </h2>
      <p className={styles.occupancyFigure}>{t('today.occupancyValue', { inside: number.format(occupancy.inside), limit: number.format(occupancy.limit) })}</p>
      <p className={styles.muted}>{t('today.occupancyNote')}</p>
      {level === 'near' && (
        <p className={styles.occupancyWarning} role="status">
          {t('today.occupancyNear', { percent, limit: number.format(occupancy.limit) })}
        </p>
      )}
      {level === 'full' && <Alert tone="error">{t('today.occupancyFull', { inside: number.format(occupancy.inside), limit: number.format(occupancy.limit) })}</Alert>}
    </section>
  );
}
