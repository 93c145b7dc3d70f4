// The member desk's annual pass (decision 0051): each pass the member holds (or gave), its state, its year,
// its code and the visit booked with it, so that staff can answer a holder at the desk.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { MemberPassView } from '@/modules/passes/member-pass';
import { formatShortDate as formatDate, formatLongDate, formatTime } from '@/universal/format/date-time';
import styles from './passes.module.css';

export function StaffMemberPass({ passes }: { passes: MemberPassView[] }) {
  const { t } = useTranslation('passes');
  const { locale = 'en' } = useRouter();
  return (
    <section aria-labelledby="member-annual-pass">
      <h2 id="member-annual-pass">{t('profile.heading')}</h2>
      {passes.length === 0 ? (
        <p>{t('staff.none')}</p>
      ) : (
        passes.map((pass) => (
          <dl className={styles.details} key={pass.id} data-testid="staff-annual-pass">
            <dt>{t('profile.state')}</dt>
            <dd>{t(`profile.status.${pass.status}`)}</dd>
            <dt>{t('profile.code')}</dt>
            <dd>{pass.code}</dd>
            {pass.startsOn && pass.endsOn && (
              <>
                <dt>{t('staff.year')}</dt>
                <dd>{t('staff.range', { from: formatDate(pass.startsOn, locale), to: formatDate(pass.endsOn, locale) })}</dd>
              </>
            )}
            {pass.giftFor && (
              <>
                <dt>{t('profile.giftFor')}</dt>
                <dd>{pass.giftFor}</dd>
              </>
            )}
            {pass.upcomingVisit && (
              <>
                <dt>{t('profile.nextVisit')}</dt>
                <dd>
                  {formatLongDate(pass.upcomingVisit.availabilityId, locale)}, {formatTime(pass.upcomingVisit.availabilityId, locale)} · {pass.upcomingVisit.reference}
                </dd>
              </>
            )}
          </dl>
        ))
      )}
    </section>
  );
}
