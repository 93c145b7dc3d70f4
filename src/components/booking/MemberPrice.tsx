// A price as a member of a discounted tier sees it: the list price struck through, then the member price
// named after the tier ("Regular price $39.60"). Screen readers hear both as words, not as a strike.
import { useTranslation } from '@/client/i18n';
import styles from './booking.module.css';

export function MemberPrice({ list, member, tierName }: { list: string; member: string; tierName: string }) {
  const { t } = useTranslation('products');
  return (
    <span className={styles.memberPrice}>
      <s className={styles.listPrice}>
        <span className="visually-hidden">{t('memberPrice.list')} </span>
        {list}
      </s>{' '}
      <strong>
        {t('memberPrice.label', { tier: tierName })} {member}
      </strong>
    </span>
  );
}
