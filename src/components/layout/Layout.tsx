import type { ReactNode } from 'react';
import { useTranslation } from '@/client/i18n';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import styles from './layout.module.css';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
