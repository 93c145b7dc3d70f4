import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import { Card } from '@/components/ui/Card';
import { PageTitle } from '@/components/ui/PageTitle';
import styles from '@/components/auth/auth.module.css';

/** The error page's body: a heading, the message, and ways back. */
export function ErrorView({ title, heading, message, showSignIn }: { title: string; heading: string; message: string; showSignIn?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <PageTitle title={title} />
      <Card>
        <h1 className={styles.heading}>{heading}</h1>
        <p>{message}</p>
        <p className={styles.actions}>
          {showSignIn && <Link href="/login">{t('errorPage.backToSignIn')}</Link>}
          <Link href="/">{t('errorPage.home')}</Link>
        </p>
      </Card>
    </div>
  );
}
