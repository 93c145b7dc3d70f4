// The ticket page's reward step (decision 0042): no reward, a reward the member's confirmed points pay
// for (one the balance cannot pay is shown, not offered), or the guest pass a new member joined with; each
// with what it takes off this choice.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { RewardOffer } from '@/client/booking/use-rewards';
import { formatMoney } from '@/universal/format/money';
import styles from './booking.module.css';

type Props = { offer: RewardOffer; currency: string; chosen: { reward?: string; guestPass: boolean }; onChoose: (choice: { reward?: string; guestPass?: boolean }) => void };

export function RewardPicker({ offer, currency, chosen, onChoose }: Props) {
  const { t } = useTranslation('rewards');
  const { locale = 'en' } = useRouter();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const none = !chosen.reward && !chosen.guestPass;
  return (
    <>
      <p className={styles.hint}>{t('picker.balance', { count: offer.balance })}</p>
      <div className={styles.choices}>
        <label className={styles.choice}>
          <input type="radio" name="reward" value="" checked={none} onChange={() => onChoose({})} />
          {t('picker.none')}
        </label>
        {offer.guestPass && (
          <label className={styles.choice}>
            <input type="radio" name="reward" value="guest-pass" checked={chosen.guestPass} disabled={offer.guestPass.cents === 0} onChange={() => onChoose({ guestPass: true })} />
            {offer.guestPass.cents > 0 ? t('picker.guestPass', { amount: money(offer.guestPass.cents) }) : t('picker.guestPassNeedsTicket')}
          </label>
        )}
        {offer.rewards.map((reward) => (
          <label key={reward.id} className={styles.choice}>
            <input type="radio" name="reward" value={reward.id} checked={chosen.reward === reward.id} disabled={!reward.affordable} onChange={() => onChoose({ reward: reward.id })} />
            <span>
              {t('picker.reward', { name: t(`catalogue.${reward.id}`), count: reward.points, amount: money(reward.cents) })}
              {!reward.affordable && <span className={styles.rewardHint}>{t('picker.notEnough')}</span>}
            </span>
          </label>
        ))}
      </div>
    </>
  );
}
