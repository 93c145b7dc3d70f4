// The navbar (docs/product.md#pages): the desktop layout from 1000 px; below, a menu button and a panel.
// Between 600 and 1000 px Buy Tickets stays in the bar; below 600 px it moves into the menu.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/router';
import { useMemberSession } from '@/client/session/use-member-session';
import { useTranslation } from '@/client/i18n';
import { signOutInLanguage } from '@/client/session/sign-out';
import { BRAND } from '@/config/attraction';
import { LanguageSelect } from './LanguageSelect';
import { MemberMenu } from './MemberMenu';
import { SECTION_LINKS } from './nav-links';
import styles from './header.module.css';

export function SiteHeader() {
  const { t } = useTranslation('common');
  const { data: session, status } = useMemberSession();
  const router = useRouter();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const signedIn = status === 'authenticated';

  // The menu closes when the visitor goes to another page, and with Escape.
  useEffect(() => {
    const close = () => setMenuOpen(false);
    router.events.on('routeChangeStart', close);
    return () => router.events.off('routeChangeStart', close);
  }, [router.events]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link href="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            ★
          </span>
          <span className={styles.brandName}>{BRAND}</span>
        </Link>

        <nav aria-label={t('nav.main')} className={styles.desktopNav}>
          <ul className={styles.links}>
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={styles.link}>
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
          <Link href="/products" className={styles.buyButton}>
            {t('nav.buyTickets')}
          </Link>
          {signedIn ? (
            <MemberMenu name={session?.user?.name ?? session?.user?.email ?? '?'} />
          ) : (
            <Link href="/login" className={styles.joinButton}>
              {t('nav.joinProgram')}
            </Link>
          )}
          <LanguageSelect />
        </nav>

        <div className={styles.mobileBar}>
          <Link href="/products" className={`${styles.buyButton} ${styles.mobileBuy}`}>
            {t('nav.buyTickets')}
          </Link>
          <button
            ref={menuButton}
            type="button"
            className={`${styles.ghostButton} ${styles.menuButton}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span className={styles.burger} aria-hidden="true" data-open={menuOpen} />
            <span className={styles.menuLabel}>{menuOpen ? t('nav.closeMenu') : t('nav.menu')}</span>
          </button>
        </div>
      </div>

      <nav id={menuId} aria-label={t('nav.mobile')} className={styles.mobileMenu} hidden={!menuOpen}>
        <ul className={styles.menuList}>
          <li className={styles.menuBuy}>
            <Link href="/products" className={styles.buyButton}>
              {t('nav.buyTickets')}
            </Link>
          </li>
          {SECTION_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={styles.menuLink} onClick={() => setMenuOpen(false)}>
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
          {signedIn ? (
            <>
              <li>
                <Link href="/profile" className={styles.menuLink}>
                  {t('nav.profile')}
                </Link>
              </li>
              <li>
                <button type="button" className={styles.menuLink} onClick={() => void signOutInLanguage()}>
                  {t('nav.signOut')}
                </button>
              </li>
            </>
          ) : (
            <li>
              <Link href="/login" className={styles.joinButton}>
                {t('nav.joinProgram')}
              </Link>
            </li>
          )}
          <li className={styles.menuLanguage}>
            <LanguageSelect />
          </li>
        </ul>
      </nav>
    </header>
  );
}
