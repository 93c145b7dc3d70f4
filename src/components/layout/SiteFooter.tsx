// The footer (docs/product.md#pages): site links, the building's own site, social networks, the travel
// review badge and the copyright line. Dark by default.
import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import { ATTRACTION } from '@/config/attraction';
import { formatOneDecimal } from '@/universal/format/decimal';
import { SECTION_LINKS } from './nav-links';
import { SocialIcon, type Social } from './SocialIcon';
import styles from './footer.module.css';

const BUILDING_LINKS = ['safety', 'hours', 'news', 'contact', 'policies', 'privacy', 'terms'] as const;

const SOCIAL_NAMES: Record<Social, string> = {
  facebook: 'Facebook',
  x: 'X',
  youtube: 'YouTube',
  instagram: 'Instagram',
  pinterest: 'Pinterest',
  weibo: 'Weibo',
  tiktok: 'TikTok',
};

export function SiteFooter() {
  const { t, i18n } = useTranslation('common');
  const { reviewBadge } = ATTRACTION;
  const rating = formatOneDecimal(reviewBadge.rating, i18n.language);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{ATTRACTION.brand}</p>
          <p className={styles.tagline}>{t('footer.tagline', { attraction: ATTRACTION.name })}</p>
          <a className={styles.badge} href={reviewBadge.url} aria-label={t('footer.reviewBadgeLabel', { rating: rating, year: reviewBadge.year })}>
            <span className={styles.badgeStars} aria-hidden="true">
              ★★★★★
            </span>
            <span aria-hidden="true">
              <strong>{rating}</strong> · {t('footer.reviewBadge', { year: reviewBadge.year })}
            </span>
          </a>
        </div>
        <nav aria-label={t('footer.siteLinks')}>
          <h2 className={styles.heading}>{t('footer.siteLinks')}</h2>
          <ul className={styles.list}>
            <li>
              <Link href="/products">{t('nav.buyTickets')}</Link>
            </li>
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(link.labelKey)}</Link>
              </li>
            ))}
            <li>
              <Link href="/login">{t('nav.joinProgram')}</Link>
            </li>
            <li>
              <Link href="/gift-cards">{t('footer.giftCards')}</Link>
            </li>
            <li>
              <Link href="/accessibility">{t('footer.accessibility')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.buildingLinks', { attraction: ATTRACTION.name })}>
          <h2 className={styles.heading}>{ATTRACTION.name}</h2>
          <ul className={styles.list}>
            {BUILDING_LINKS.map((key) => (
              <li key={key}>
                <a href={ATTRACTION.links[key]}>{t(`footer.links.${key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>{t('footer.follow')}</h2>
          <ul className={styles.socials}>
            {(Object.keys(SOCIAL_NAMES) as Social[]).map((social) => (
              <li key={social}>
                <a href={ATTRACTION.socials[social]} aria-label={t('footer.socialLabel', { network: SOCIAL_NAMES[social], attraction: ATTRACTION.name })} className={styles.social}>
                  <SocialIcon name={social} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {/* The year is the renderer's: a page built last year, or a browser on a test's clock (docs/decisions/0031),
          may see another year than the server did. React's advice for such timestamps: keep the server's text. */}
      <p className={styles.copyright} suppressHydrationWarning>
        {t('footer.copyright', { year: new Date().getFullYear(), name: ATTRACTION.name })}
      </p>
    </footer>
  );
}
