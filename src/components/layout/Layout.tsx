import type { ReactNode } from 'react';
import { useTranslation } from '@/client/i18n';
import { HydratedApart } from './HydratedApart';
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
      <HydratedApart>
        <SiteHeader />
      </HydratedApart>
      <main id="main" className={styles.main} tabIndex={-1}>
        <HydratedApart>{children}</HydratedApart>
      </main>
      <HydratedApart>
        <SiteFooter />
      </HydratedApart>
    </>
  );
}
