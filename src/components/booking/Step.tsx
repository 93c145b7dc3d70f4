import type { ReactNode } from 'react';
import styles from './booking.module.css';

/** One numbered step of the ticket page: a fieldset, so that its choices are grouped under its title. */
export function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.step}>
      <legend className={styles.stepTitle}>
        <span className={styles.stepNumber} aria-hidden="true">
          {number}
        </span>
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
