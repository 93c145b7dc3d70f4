// The ticket products in one language, kept in memory for a few minutes: the catalogue changes rarely,
// and the page asks for it once per visit. A new version of the catalogue (decision 0055) is a new key.
import type { SupplierPort } from '@/ports/supplier';
import { currentCatalogVersion, maxTicketsPerBooking } from '@/config/catalog';
import type { Locale } from '@/config/locales';
import { formatMoney } from '@/universal/format/money';
import { PromiseMemory } from '@/universal/promise-memory';
import { toWebProduct, type ListedProduct } from './web-product';

const TTL_MS = 5 * 60_000;
const memory = new PromiseMemory<ListedProduct[]>(TTL_MS);

export function listProducts(supplier: SupplierPort, locale: Locale, now = Date.now()): Promise<ListedProduct[]> {
  const read = () =>
    supplier.getProducts(locale).then((list) =>
      list.map((supplied) => {
        const product = toWebProduct(supplied, maxTicketsPerBooking(supplied.id));
        const fromPriceText = product.fromPrice === null ? null : formatMoney(product.fromPrice, product.currency, locale);
        return { ...product, fromPriceText };
      }),
    );
  return memory.get(`${locale}|${currentCatalogVersion()}`, read, now);
}
