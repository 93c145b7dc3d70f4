// @vitest-environment jsdom
// The ticket cards: the first photo (a phone's largest paint) alone asks for high priority; the first two
// (both in view on a phone) load at once, the rest when they come into view. A card tapped before the page
// hydrated is the choice once it has.
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
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

  it('takes a card the visitor tapped before the page hydrated as the choice', async () => {
    const onSelect = vi.fn();
    const picker = (selectedId?: string) => (
      <I18nProvider value={{ locale: 'en', namespaces: { products } }}>
        <ProductPicker products={[1, 2, 3].map(product)} selectedId={selectedId} onSelect={onSelect} />
      </I18nProvider>
    );
    // The server's HTML, and a tap on the second card while the page's scripts are still loading.
    const container = document.createElement('div');
    container.innerHTML = renderToString(picker());
    document.body.append(container);
    container.querySelector<HTMLInputElement>('input[value="p2"]')!.checked = true;
    const root = await act(async () => hydrateRoot(container, picker()));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]![0]).toMatchObject({ id: 'p2' });

    // Nothing tapped: nothing chosen.
    onSelect.mockClear();
    const untouched = document.createElement('div');
    untouched.innerHTML = renderToString(picker());
    const untouchedRoot = await act(async () => hydrateRoot(untouched, picker()));
    expect(onSelect).not.toHaveBeenCalled();
    // The document is the next test file's too.
    act(() => {
      root.unmount();
      untouchedRoot.unmount();
    });
    container.remove();
  });
});
