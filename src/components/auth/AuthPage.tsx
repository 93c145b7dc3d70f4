import type { ReactNode } from 'react';
import { Card } from '@/components/ui/Card';
import { PageTitle } from '@/components/ui/PageTitle';
import styles from './auth.module.css';

/** The frame shared by the sign-in pages: title, heading, intro and a card. */
export function AuthPage({ title, heading, intro, description, children }: { title: string; heading: string; intro?: ReactNode; description?: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      {/* The meta description: the page's own, else its intro, else (PageTitle) the program's tagline. */}
      <PageTitle title={title} description={description ?? (typeof intro === 'string' ? intro : undefined)} />
      <Card>
        <h1 className={styles.heading}>{heading}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </Card>
    </div>
  );
}
