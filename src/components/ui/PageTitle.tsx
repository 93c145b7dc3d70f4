import Head from 'next/head';
import { BRAND } from '@/config/attraction';

/** SPEC.md section 2: titles follow '%s | {brand}'. */
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
