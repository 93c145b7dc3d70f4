// The signed-in member's menu on wide screens: a disclosure with their profile and sign-out.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import { signOutInLanguage } from '@/client/session/sign-out';
import styles from './header.module.css';

export function MemberMenu({ name }: { name: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.memberMenu} ref={root}>
      <button ref={button} type="button" className={`${styles.ghostButton} ${styles.memberButton}`} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        {t('nav.account')}
      </button>
      <ul id={id} className={styles.memberPanel} hidden={!open}>
        <li>
          <Link href="/profile" onClick={() => setOpen(false)}>
            {t('nav.profile')}
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void signOutInLanguage()}>
            {t('nav.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
