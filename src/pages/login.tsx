import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { useCallbackUrl } from '@/client/sign-in/use-callback-url';
import { AuthPage } from '@/components/auth/AuthPage';
import { EmailForm } from '@/components/auth/EmailForm';
import { Alert } from '@/components/ui/Alert';
import { useMemberSession } from '@/client/session/use-member-session';
import { staticTranslations } from '@/server/translations';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const { status } = useMemberSession();
  const callbackUrl = useCallbackUrl();

  // A member who is already signed in goes straight on.
  useEffect(() => {
    if (status === 'authenticated') void router.replace(callbackUrl, undefined, { locale: false });
  }, [status, callbackUrl, router]);

  return (
    <AuthPage title={t('login.title')} heading={t('login.heading')} intro={t('login.intro')}>
      {router.query.userExists === 'true' && <Alert tone="info">{t('login.userExists')}</Alert>}
      {router.query.error === 'SessionRequired' && <Alert tone="info">{t('login.sessionRequired')}</Alert>}
      <EmailForm callbackUrl={callbackUrl} />
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations(['auth']);
