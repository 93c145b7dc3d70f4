import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import { useSignIn } from '@/client/sign-in/use-sign-in';
import { AuthPage } from '@/components/auth/AuthPage';
import styles from '@/components/auth/auth.module.css';
import { staticTranslations } from '@/server/translations';

export default function VerifyRequestPage() {
  const { t } = useTranslation('auth');
  const email = useSignIn((s) => s.email);
  return (
    <AuthPage title={t('verify.title')} heading={t('verify.heading')} description={`${t('verify.sent')} ${t('verify.validity')}`}>
      <p role="status">{email ? t('verify.sentTo', { email }) : t('verify.sent')}</p>
      <p>{t('verify.validity')}</p>
      <p className={styles.small}>
        {t('verify.notArrived')} <Link href="/login">{t('verify.tryAgain')}</Link>
      </p>
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations(['auth']);
