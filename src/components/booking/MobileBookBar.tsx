// On phones and tablets the summary is far below the choices: a bar at the bottom of the screen keeps
// the total and the Book button at hand. From 1000 px the summary sits beside the choices instead.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { formatMoney } from '@/universal/format/money';
import { Button } from '@/components/ui/Button';
import styles from './booking.module.css';

export function MobileBookBar({ total, currency, busy, onBook }: { total: number | null; currency: string; busy?: boolean; onBook: () => void }) {
  const { t } = useTranslation('products');
  const { locale = 'en' } = useRouter();
  return (
    <div className={styles.bookBar}>
      <p className={styles.bookBarTotal}>
        <span>{t('summary.total')}</span> <strong>{total === null ? '—' : formatMoney(total, currency, locale)}</strong>
      </p>
      <Button type="button" busy={busy} onClick={onBook}>
        {t('summary.book')}
      </Button>
    </div>
  );
}
