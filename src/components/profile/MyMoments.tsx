// The member's Sky Moments on /profile (decision 0043): each challenge with its progress ("2 of 4
// seasons") or done, the hidden one told only as "a secret challenge" until done; and a toast for each
// completion the member has not seen yet, on opening the profile or when the poll brings it, after which
// the server is told it was seen.
import { useEffect, useRef } from 'react';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { toast } from '@/client/toast';
import type { Membership } from '@/modules/loyalty/membership';
import styles from './profile.module.css';

const TOAST_MS = 8_000;

function useCompletionToasts(moments: Membership['moments']): void {
  const { t } = useTranslation('moments');
  const toasted = useRef(new Set<string>());
  useEffect(() => {
    const fresh = moments.unseen.filter((id) => !toasted.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) {
      toasted.current.add(id);
      const points = moments.challenges.find((c) => c.id === id)?.points ?? 0;
      toast.success(t('toast', { name: t(`challenges.${id}.name`), count: points }), { id: `moment-${id}`, duration: TOAST_MS });
    }
    void postJson('/api/moments/seen', { challengeIds: fresh });
  }, [moments, t]);
}

export function MyMoments({ moments }: { moments: Membership['moments'] }) {
  const { t } = useTranslation('moments');
  useCompletionToasts(moments);
  if (moments.challenges.length === 0) return null;
  return (
    <section aria-labelledby="my-moments-heading">
      <h2 id="my-moments-heading" className={styles.tierHeading}>
        {t('heading')}
      </h2>
      <p className={styles.pointsHow}>{t('intro')}</p>
      <ul className={styles.moments}>
        {moments.challenges.map((challenge, index) => {
          const key = challenge.secret ? 'secret' : `challenges.${challenge.id}`;
          const name = t(`${key}.name`);
          return (
            <li key={challenge.secret ? `secret-${index}` : challenge.id} className={styles.moment} data-done={challenge.done}>
              <h3 className={styles.momentName}>{name}</h3>
              <p className={styles.momentText}>{t(`${key}.description`)}</p>
              {!challenge.secret && (
                <p className={styles.momentProgress}>
                  {challenge.done ? <strong>{t('done')}</strong> : t(`challenges.${challenge.id}.progress`, { have: challenge.have, need: challenge.need })}
                  {!challenge.done && challenge.points > 0 && <span className={styles.momentReward}> · {t('reward', { count: challenge.points })}</span>}
                </p>
              )}
              {!challenge.secret && !challenge.done && (
                <div
                  className={styles.tierBar}
                  role="progressbar"
                  aria-label={t('progressLabel', { name })}
                  aria-valuemin={0}
                  aria-valuemax={challenge.need}
                  aria-valuenow={challenge.have}
                  aria-valuetext={t(`challenges.${challenge.id}.progress`, { have: challenge.have, need: challenge.need })}
                >
                  <span className={styles.tierBarFill} style={{ width: `${Math.round((challenge.have / challenge.need) * 100)}%` }} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
