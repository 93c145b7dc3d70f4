import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import { useCallbackUrl } from '@/client/sign-in/use-callback-url';
import { useSignIn } from '@/client/sign-in/use-sign-in';
import { AuthPage } from '@/components/auth/AuthPage';
import { SignUpForm } from '@/components/auth/SignUpForm';
import styles from '@/components/auth/auth.module.css';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { BRAND } from '@/config/attraction';
import { staticTranslations } from '@/server/translations';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const email = useSignIn((s) => s.email);
  const editEmail = useSignIn((s) => s.editEmail);
  const callbackUrl = useCallbackUrl();

  return (
    <AuthPage title={t('signup.title')} heading={t('signup.heading', { brand: BRAND })} intro={t('signup.intro')}>
      {email ? (
        <>
          <div className={styles.emailRow}>
            <span>
              <span className="visually-hidden">{t('signup.emailLabel')}: </span>
              <span className={styles.emailValue}>{email}</span>
            </span>
            <Button type="button" variant="link" onClick={editEmail}>
              {t('signup.editEmail')}
            </Button>
          </div>
          <SignUpForm callbackUrl={callbackUrl} />
        </>
      ) : (
        <Alert tone="info">
          {t('signup.needEmail')} <Link href="/login">{t('signup.startWithEmail')}</Link>
        </Alert>
      )}
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations(['auth']);
