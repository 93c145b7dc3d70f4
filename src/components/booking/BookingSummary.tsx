import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { MissingChoice } from '@/client/booking/availability-store';
import type { Quantities } from '@/client/booking/selection-store';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { selectionTotal, type WebProduct } from '@/universal/web-product';
import summary from '@/components/ui/summary.module.css';
import type { ShownPerks } from '@/client/booking/use-member-perks';
import { memberDiscount } from '@/universal/member-price';
import styles from './booking.module.css';
import { MemberPrice } from './MemberPrice';

type Props = {
  product?: WebProduct;
  optionId?: string;
  quantities: Quantities;
  selectedDate?: string;
  selectedTime?: string;
  /** The first choice still to make, told above the Book button. */
  missing?: MissingChoice;
  busy?: boolean;
  /** A member's tier perks: the total shown at the member price, as the checkout charges it. */
  perks?: ShownPerks | null;
  /** A reward or guest pass chosen (decision 0042): its line, taken off after the member price. */
  reward?: { label: string; cents: number } | null;
  /** Add-ons chosen (decision 0050): their lines, at list price beside the tickets. */
  addons?: { label: string; cents: number }[];
  onBook: () => void;
  onReset: () => void;
};

export function BookingSummary({ product, optionId, quantities, selectedDate, selectedTime, missing, busy, perks, reward, addons = [], onBook, onReset }: Props) {
  const { t } = useTranslation('products');
  const { locale = 'en' } = useRouter();
  const option = product?.options.find((o) => o.id === optionId);
  const lines = (option?.units ?? []).filter((u) => (quantities[u.id] ?? 0) > 0);
  const total = selectionTotal(option, quantities);
  const discount = total ? memberDiscount(option, quantities, perks?.discountPercent ?? 0) : 0;
  const rewardOff = total && reward ? reward.cents : 0;
  const addonCents = addons.reduce((sum, line) => sum + line.cents, 0);
  return (
    <aside className={styles.summary} aria-labelledby="booking-summary-heading">
      <Card>
        <h2 id="booking-summary-heading">{t('summary.heading')}</h2>
        {!product ? (
          <p className={styles.hint}>{t('summary.empty')}</p>
        ) : (
          <dl className={summary.summaryList}>
            <dt>{product.title}</dt>
            <dd>{option && product.options.length > 1 ? option.title : ''}</dd>
            {lines.map((u) => (
              <div key={u.id} style={{ display: 'contents' }}>
                <dt>{t('quantity.count', { count: quantities[u.id], unit: u.title })}</dt>
                <dd>{u.price === null ? '' : formatMoney(u.price * (quantities[u.id] ?? 0), product.currency, locale)}</dd>
              </div>
            ))}
            {selectedDate && (
              <>
                <dt>{t('summary.date')}</dt>
                <dd>{formatDate(selectedDate, locale)}</dd>
              </>
            )}
            {selectedTime && (
              <>
                <dt>{t('summary.time')}</dt>
                <dd>{formatTime(selectedTime, locale)}</dd>
              </>
            )}
            {addons.map((line) => (
              <div key={line.label} style={{ display: 'contents' }}>
                <dt>{line.label}</dt>
                <dd>{formatMoney(line.cents, product.currency, locale)}</dd>
              </div>
            ))}
            {reward && rewardOff > 0 && (
              <>
                <dt>{reward.label}</dt>
                <dd>−{formatMoney(rewardOff, product.currency, locale)}</dd>
              </>
            )}
          </dl>
        )}
        {product && (
          <p className={summary.total}>
            <span>{t('summary.total')}</span>
            <span>
              {total === null ? (
                '—'
              ) : discount > 0 && perks ? (
                <MemberPrice list={formatMoney(total + addonCents, product.currency, locale)} member={formatMoney(total - discount - rewardOff + addonCents, product.currency, locale)} tierName={perks.tierName} />
              ) : (
                formatMoney(total - rewardOff + addonCents, product.currency, locale)
              )}
            </span>
          </p>
        )}
        {missing && (
          <p className={styles.missing}>{t(`messages.${missing}`)}</p>
        )}
        <div className={styles.summaryActions}>
          <Button type="button" block busy={busy} onClick={onBook} className={product ? styles.summaryBook : undefined}>
            {t('summary.book')}
          </Button>
          {product && (
            <Button type="button" variant="secondary" block onClick={onReset}>
              {t('summary.reset')}
            </Button>
          )}
        </div>
      </Card>
    </aside>
  );
}
