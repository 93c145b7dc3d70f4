import { useTranslation } from '@/client/i18n';
import { ErrorView } from '@/components/layout/ErrorView';
import { staticTranslations } from '@/server/translations';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return <ErrorView title={t('notFound.title')} heading={t('notFound.heading')} message={t('notFound.message')} />;
}

export const getStaticProps = staticTranslations();
