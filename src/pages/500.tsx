import { useTranslation } from '@/client/i18n';
import { ErrorView } from '@/components/layout/ErrorView';
import { staticTranslations } from '@/server/translations';

export default function ServerErrorPage() {
  const { t } = useTranslation('common');
  return <ErrorView title={t('errorPage.title')} heading={t('errorPage.heading')} message={t('errors.default')} />;
}

export const getStaticProps = staticTranslations();
