import Link from 'next/link';
import { signOut, useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { BRAND } from '@/config/attraction';
import { LanguageSelect } from './LanguageSelect';
import styles from './layout.module.css';

export function SiteHeader() {
  const { t } = useTranslation('common');
  const { status } = useSession();
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link href="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            ★
          </span>
          {BRAND}
        </Link>
        <nav aria-label={t('nav.main')} className={styles.nav}>
          <Link href="/products" className={styles.navLink}>
            {t('nav.buyTickets')}
          </Link>
          {status === 'authenticated' ? (
            <>
              <Link href="/profile" className={styles.navLink}>
                {t('nav.profile')}
              </Link>
              <button type="button" className={styles.navLink} onClick={() => void signOut({ callbackUrl: '/' })}>
                {t('nav.signOut')}
              </button>
            </>
          ) : (
            <Link href="/login" className={styles.navCta}>
              {t('nav.joinProgram')}
            </Link>
          )}
          <LanguageSelect />
        </nav>
      </div>
    </header>
  );
}
