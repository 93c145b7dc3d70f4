// The ticket page's add-ons (decision 0050): each with its price and a stepper, "only N left" when few are
// left, sold out when none; priced at list beside the tickets.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { AddonOffer } from '@/modules/catalog/addon-offer';
import { formatMoney } from '@/universal/format/money';
import styles from './booking.module.css';

/** At or below this many left, the picker says how many. */
const FEW_LEFT = 5;

type Props = { offer: AddonOffer[]; currency: string; quantities: Record<string, number>; onChange: (addonId: string, quantity: number) => void };

export function AddonPicker({ offer, currency, quantities, onChange }: Props) {
  const { t } = useTranslation('addons');
  const { locale = 'en' } = useRouter();
  return (
    <>
      <p className={styles.hint}>{t('checkout.intro')}</p>
      <ul className={styles.units}>
        {offer.map((addon) => {
          const name = t(`names.${addon.id}.title`, { defaultValue: addon.id });
          const count = quantities[addon.id] ?? 0;
          const most = Math.min(addon.left, addon.maxPerBooking);
          const labelId = `addon-${addon.id}`;
          return (
            <li key={addon.id} className={styles.unit} data-addon={addon.id}>
              <div id={labelId}>
                <div className={styles.unitName}>{name}</div>
                <div className={styles.unitMeta}>
                  {t(`names.${addon.id}.description`, { defaultValue: '' })}
                  {' · '}
                  {formatMoney(addon.price, currency, locale)}
                  {addon.left === 0 ? (
                    <strong className={styles.fewLeft}>{` · ${t('checkout.soldOut')}`}</strong>
                  ) : addon.left <= FEW_LEFT ? (
                    <strong className={styles.fewLeft}>{` · ${t('checkout.onlyLeft', { count: addon.left })}`}</strong>
                  ) : null}
                </div>
              </div>
              <div className={styles.stepper} role="group" aria-labelledby={labelId}>
                <button type="button" className={styles.stepperButton} aria-label={t('checkout.remove', { name })} disabled={count <= 0} onClick={() => onChange(addon.id, count - 1)}>
                  −
                </button>
                <output className={styles.count} aria-live="polite" aria-label={t('checkout.count', { count, name })}>
                  {count}
                </output>
                <button type="button" className={styles.stepperButton} aria-label={t('checkout.add', { name })} disabled={count >= most} onClick={() => onChange(addon.id, count + 1)}>
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
