import type { ReactNode } from 'react';
import { Card } from '@/components/ui/Card';
import { PageTitle } from '@/components/ui/PageTitle';
import styles from './auth.module.css';

/** The frame shared by the sign-in pages: title, heading, intro and a card. */
export function AuthPage({ title, heading, intro, children }: { title: string; heading: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <PageTitle title={title} description={typeof intro === 'string' ? intro : undefined} />
      <Card>
        <h1 className={styles.heading}>{heading}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </Card>
    </div>
  );
}
