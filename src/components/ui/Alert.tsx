import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** Errors interrupt (role=alert); information and success are announced politely (role=status). */
export function Alert({ tone, children }: { tone: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
