// The ticket products, loaded once per visit and language: no revalidation (docs/product.md#calls).
// `shown`: the list the page was rendered with on the server, for this request (decision 0074): that is
// the one load, and the browser asks only when the server could not list them.
import { useRouter } from 'next/router';
import useSWRImmutable from 'swr/immutable';
import type { ListedProduct } from '@/modules/catalog/web-product';

async function getProducts([url, locale]: [string, string]): Promise<ListedProduct[]> {
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as ListedProduct[];
}

export function useProducts(shown?: ListedProduct[] | null) {
  const { locale = 'en' } = useRouter();
  return useSWRImmutable(['/api/metadata/getProducts', locale], getProducts, shown ? { fallbackData: shown } : undefined);
}
