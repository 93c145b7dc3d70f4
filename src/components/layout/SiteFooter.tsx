import { useTranslation } from 'next-i18next/pages';
import { ATTRACTION } from '@/config/attraction';
import styles from './layout.module.css';

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <ul className={styles.footerLinks}>
          <li>
            <a href={ATTRACTION.links.privacy}>{t('footer.privacy')}</a>
          </li>
          <li>
            <a href={ATTRACTION.links.terms}>{t('footer.terms')}</a>
          </li>
          <li>
            <a href={ATTRACTION.links.contact}>{t('footer.contact')}</a>
          </li>
        </ul>
        <p className={styles.copyright}>
          {t('footer.copyright', { year: new Date().getFullYear(), name: ATTRACTION.name })}
        </p>
      </div>
    </footer>
  );
}
