import { useTranslation } from '@/client/i18n';
import type { WebProduct } from '@/modules/catalog/web-product';
import styles from './booking.module.css';

type Props = { product: WebProduct; selectedId?: string; onSelect: (optionId: string) => void };

export function OptionPicker({ product, selectedId, onSelect }: Props) {
  const { t } = useTranslation('products');
  const selected = product.options.find((o) => o.id === selectedId);
  return (
    <>
      <div className={styles.choices}>
        {product.options.map((option) => (
          <label key={option.id} className={styles.choice}>
            <input type="radio" name="option" value={option.id} checked={option.id === selectedId} onChange={() => onSelect(option.id)} />
            {option.title}
          </label>
        ))}
      </div>
      {selected?.durationMinutes && <p className={styles.hint}>{t('duration', { minutes: selected.durationMinutes })}</p>}
    </>
  );
}
