import { useTranslation } from '@/client/i18n';
import styles from './booking.module.css';

/**
 * The product cards' place while they load: card-shaped blanks as tall as the list will be, so that
 * nothing below (the booking summary on a phone, the footer) jumps when the cards arrive.
 */
export function ProductsLoading() {
  const { t } = useTranslation('products');
  return (
    <div className={styles.productsLoading}>
      <p className="visually-hidden" role="status">
        {t('loading')}
      </p>
      <div className={styles.products} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={`${styles.productCard} ${styles.productBlank}`}>
            <span className={styles.productImage} />
            <span className={styles.productBody}>
              <span className={styles.blankLine} />
              <span className={styles.blankLine} />
              <span className={styles.blankLine} />
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}
