import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { Quantities } from '@/client/booking/selection-store';
import { formatMoney } from '@/universal/format/money';
import type { WebOption } from '@/modules/catalog/web-product';
import type { ShownPerks } from '@/client/booking/use-member-perks';
import { memberUnitPrice } from '@/universal/member-price';
import styles from './booking.module.css';
import { MemberPrice } from './MemberPrice';

/** `option` as this visitor may book it (a member's extra tickets included); `perks` for member prices. */
type Props = { option: WebOption; currency: string; quantities: Quantities; perks?: ShownPerks | null; onChange: (unitId: string, count: number) => void };

export function QuantityPicker({ option, currency, quantities, perks, onChange }: Props) {
  const { t } = useTranslation('products');
  const { locale = 'en' } = useRouter();
  const total = Object.values(quantities).reduce((n, c) => n + c, 0);
  const full = total >= option.maxUnits;
  return (
    <>
      <ul className={styles.units}>
        {option.units.map((unit) => {
          const count = quantities[unit.id] ?? 0;
          const labelId = `unit-${unit.id}`;
          return (
            <li key={unit.id} className={styles.unit}>
              <div id={labelId}>
                <div className={styles.unitName}>{unit.title}</div>
                <div className={styles.unitMeta}>
                  {unit.description}
                  {unit.price !== null && (
                    <>
                      {' · '}
                      {unit.price <= 0 ? (
                        t('free')
                      ) : perks && perks.discountPercent > 0 ? (
                        <MemberPrice
                          list={formatMoney(unit.price, currency, locale)}
                          member={formatMoney(memberUnitPrice(unit.price, perks.discountPercent), currency, locale)}
                          tierName={perks.tierName}
                        />
                      ) : (
                        formatMoney(unit.price, currency, locale)
                      )}
                    </>
                  )}
                </div>
              </div>
              <div className={styles.stepper} role="group" aria-labelledby={labelId}>
                <button
                  type="button"
                  className={styles.stepperButton}
                  aria-label={t('quantity.remove', { unit: unit.title })}
                  disabled={count <= 0}
                  // Below a unit's minimum, one press removes it altogether.
                  onClick={() => onChange(unit.id, count - 1 < unit.minQuantity ? 0 : count - 1)}
                >
                  −
                </button>
                <output className={styles.count} aria-live="polite" aria-label={t('quantity.count', { count, unit: unit.title })}>
                  {count}
                </output>
                <button
                  type="button"
                  className={styles.stepperButton}
                  aria-label={t('quantity.add', { unit: unit.title })}
                  disabled={count >= unit.maxQuantity || full}
                  onClick={() => onChange(unit.id, Math.max(count + 1, unit.minQuantity))}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {full && <p className={styles.hint}>{t('quantity.maxReached', { max: option.maxUnits })}</p>}
    </>
  );
}
