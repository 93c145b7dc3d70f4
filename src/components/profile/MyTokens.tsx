import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import type { MemberToken } from '@/modules/loyalty/membership';
import { firstScreenImage } from '@/components/ui/first-screen-image';
import styles from './profile.module.css';

/** Tokens in the first screen at most widths (profile.module.css: columns of 200 px and more). */
const FIRST_SCREEN = 4;

export function MyTokens({ tokens }: { tokens: MemberToken[] }) {
  const { t } = useTranslation('profile');
  if (tokens.length === 0) {
    return (
      <div className={styles.emptyTokens}>
        <p>{t('tokens.empty')}</p>
        <p>
          {t('tokens.howToEarn')} <Link href="/products">{t('tokens.bookNow')}</Link>
        </p>
      </div>
    );
  }
  return (
    <ul className={styles.tokens}>
      {tokens.map((token, index) => (
        <li key={token.id} className={styles.token}>
          {/* Our own SVG artwork: nothing for the image optimiser to resize, so no next/image code either. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={token.artwork}
            alt=""
            width={160}
            height={160}
            decoding="async"
            className={styles.tokenArt}
            {...firstScreenImage(index, FIRST_SCREEN)}
          />
          <h2>{token.name}</h2>
          <p>{token.description}</p>
          <p className={styles.tokenDate}>{t('tokens.earned', { date: token.earnedOn })}</p>
        </li>
      ))}
    </ul>
  );
}
