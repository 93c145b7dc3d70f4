import { useTranslation } from '@/client/i18n';
import { ErrorView } from './ErrorView';

/** What a server-rendered page shows while the database is out of reach (src/http/outage-page.ts). */
export function OutageView() {
  const { t } = useTranslation(['errors', 'common']);
  return <ErrorView title={t('errorPage.title')} heading={t('errorPage.heading')} message={t('serviceUnavailable')} />;
}
