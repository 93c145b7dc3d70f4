import Head from 'next/head';
import { BRAND } from '@/config/attraction';

/** docs/product.md#pages: titles follow '%s | {brand}'. */
export function pageTitle(title: string): string {
  return `${title} | ${BRAND}`;
}

export function PageTitle({ title }: { title: string }) {
  return (
    <Head>
      <title>{pageTitle(title)}</title>
    </Head>
  );
}
