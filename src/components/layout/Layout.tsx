import type { ReactNode } from 'react';
import { useTranslation } from '@/client/i18n';
import { HydratedApart } from './HydratedApart';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import styles from './layout.module.css';

/** The header, then the page with the footer after it: two boundaries that hydrate apart (decision 0063).
 * The footer shares the page's boundary so that it can never be shown before the page above it: React's
 * server renderer sends a long page's boundary after the shell, and a footer in the shell would be painted
 * under an empty page and pushed down when the page arrives (decision 0079). */
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
      <HydratedApart>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </HydratedApart>
    </>
  );
}
