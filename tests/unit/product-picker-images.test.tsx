// @vitest-environment jsdom
// The ticket cards: the first photo (a phone's largest paint) alone asks for high priority; the first two
// (both in view on a phone) load at once, the rest when they come into view.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import products from '../../locales/en/products.json';
import { I18nProvider } from '@/client/i18n';
import { ProductPicker } from '@/components/booking/ProductPicker';
import type { ListedProduct } from '@/modules/catalog/web-product';

const product = (n: number) =>
  ({ id: `p${n}`, title: `Product ${n}`, shortDescription: `The ${n}th`, image: `/images/products/p${n}.jpg`, fromPriceText: null, options: [] }) as unknown as ListedProduct;

describe('ProductPicker', () => {
  it('fetches the first photo with high priority, the first two eagerly and the others lazily', () => {
    render(
      <I18nProvider value={{ locale: 'en', namespaces: { products } }}>
        <ProductPicker products={[1, 2, 3, 4].map(product)} onSelect={() => {}} />
      </I18nProvider>,
    );
    const images = [...document.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy']);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null]);
    expect(images[0]!.getAttribute('src')).toContain(encodeURIComponent('/images/products/p1.jpg'));
  });
});
