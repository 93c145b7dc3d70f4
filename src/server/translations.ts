// Page props with the translations a page needs, for getStaticProps and getServerSideProps.
import type { GetStaticProps } from 'next';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import i18nConfig from '../../next-i18next.config.js';

export async function translationProps(locale: string | undefined, namespaces: string[] = []) {
  return serverSideTranslations(locale ?? 'en', ['common', ...namespaces], i18nConfig);
}

/** getStaticProps for a page that needs nothing but its translations. */
export function staticTranslations(namespaces: string[] = []): GetStaticProps {
  return async ({ locale }) => ({ props: await translationProps(locale, namespaces) });
}
