// The error page (next-auth's pages.error). Known error names get their own message; anything else
// gets the default message of docs/product.md#messages.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { ErrorView } from '@/components/layout/ErrorView';
import { staticTranslations } from '@/server/translations';

const KNOWN = ['Verification', 'AccessDenied', 'RateLimited', 'EmailSignin', 'Configuration'] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (value: unknown): value is Known => KNOWN.includes(value as Known);

export default function ErrorPage() {
  const { t } = useTranslation('common');
  const { query } = useRouter();
  const code = isKnown(query.error) ? query.error : undefined;
  return (
    <ErrorView
      title={t('errorPage.title')}
      heading={t('errorPage.heading')}
      message={code ? t(`errorPage.codes.${code}`) : t('errors.default')}
      showSignIn
    />
  );
}

export const getStaticProps = staticTranslations();
