import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { LOCALE_NAMES } from '@/config/locale-names';
import { LOCALES, type Locale } from '@/config/locales';
import styles from './layout.module.css';

const ONE_YEAR = 60 * 60 * 24 * 365;

export function LanguageSelect() {
  const router = useRouter();
  const { t } = useTranslation('common');

  function switchTo(locale: Locale) {
    // Next.js reads NEXT_LOCALE to send a returning visitor to their language.
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax${secure}`;
    void router.push({ pathname: router.pathname, query: router.query }, router.asPath, { locale });
  }

  return (
    <label className={styles.language}>
      <span className="visually-hidden">{t('nav.language')}</span>
      <select
        className={styles.languageSelect}
        value={router.locale}
        onChange={(event) => switchTo(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
