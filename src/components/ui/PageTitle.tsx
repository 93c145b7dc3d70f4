import Head from 'next/head';
import { useTranslation } from '@/client/i18n';
import { ATTRACTION, BRAND } from '@/config/attraction';

/** docs/product.md#pages: titles follow '%s | {brand}'. */
export function pageTitle(title: string): string {
  return `${title} | ${BRAND}`;
}

/** The page's title and its meta description (search results): the page's own, else the program's tagline, translated. */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation('common');
  return (
    <Head>
      <title>{pageTitle(title)}</title>
      <meta name="description" content={description ?? t('footer.tagline', { attraction: ATTRACTION.name })} />
    </Head>
  );
}
