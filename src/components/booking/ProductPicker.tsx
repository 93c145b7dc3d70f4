import { useEffect, useRef } from 'react';
import { useTranslation } from '@/client/i18n';
import type { ListedProduct } from '@/modules/catalog/web-product';
import { firstScreenImage } from '@/components/ui/first-screen-image';
import { optimizedPhoto } from '@/components/ui/optimized-image';
import styles from './booking.module.css';

type Props = { products: ListedProduct[]; selectedId?: string; onSelect: (product: ListedProduct) => void };

export function ProductPicker({ products, selectedId, onSelect }: Props) {
  const { t } = useTranslation('products');
  const list = useRef<HTMLDivElement>(null);
  // The cards come with the page's HTML (decision 0074): a card tapped before the page's scripts ran is
  // checked by the browser alone, and is taken as the choice once they have.
  useEffect(() => {
    const tapped = list.current?.querySelector<HTMLInputElement>('input[name="product"]:checked')?.value;
    const product = products.find((p) => p.id === tapped);
    if (product && product.id !== selectedId) onSelect(product);
    // Once, at hydration: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={styles.products} ref={list}>
      {products.map((product, index) => (
        <label key={product.id} className={styles.productCard}>
          <input
            type="radio"
            name="product"
            value={product.id}
            checked={product.id === selectedId}
            onChange={() => onSelect(product)}
          />
          {product.image && (
            // The optimiser's sizes without next/image's code (components/ui/optimized-image.ts).
            // eslint-disable-next-line @next/next/no-img-element
            <img
              className={styles.productImage}
              {...optimizedPhoto(product.image)}
              alt=""
              width={600}
              height={400}
              sizes="(min-width: 1000px) 260px, (min-width: 600px) 45vw, 92vw"
              decoding="async"
              // The first two cards are in view on a phone.
              {...firstScreenImage(index, 2)}
            />
          )}
          <span className={styles.productBody}>
            <span className={styles.productTitle}>{product.title}</span>
            <span className={styles.productText}>{product.shortDescription}</span>
            {product.fromPriceText !== null && <span className={styles.productPrice}>{t('from', { price: product.fromPriceText })}</span>}
          </span>
          {product.id === selectedId && (
            <span className={styles.badge} aria-hidden="true">
              {t('selected')}
            </span>
          )}
        </label>
      ))}
    </div>
  );
}
