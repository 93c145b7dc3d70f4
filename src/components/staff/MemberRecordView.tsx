import { productTitle } from '@/client/i18n/catalog-names';
import { useTranslation } from '@/client/i18n';
import { Card } from '@/components/ui/Card';
import type { MemberRecord } from '@/modules/program/member-lookup';
import type { StaffRole } from '@/modules/staff/roles';
import { formatDate, formatLongDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { localDatePart } from '@/universal/local-date';
import { PointsAdjustForm } from './PointsAdjustForm';
import styles from './program-admin.module.css';

/** One member as the desk sees them: tier, visits, every points line, bookings; managers adjust points. */
export function MemberRecordView({ record, role, windowMonths }: { record: MemberRecord; role: StaffRole; windowMonths: number }) {
  const { t, i18n } = useTranslation(['program-admin', 'profile', 'catalog']);
  const locale = i18n.language;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const lineWhy = (line: MemberRecord['lines'][number]) =>
    line.reason === 'adjustment' ? t('members.lineAdjustment', { note: line.note ?? '', by: line.adjustedBy ?? '' }) : t('members.lineTicket', { reference: line.bookingReference ?? '' });
  return (
    <Card>
      <h2 id="member-title">
        {record.name} <span className={styles.muted}>{record.email}</span>
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('members.tier')}</dt>
          <dd>{t(`profile:program.tiers.${record.tierId}`, { defaultValue: record.tierId })}</dd>
        </div>
        <div>
          <dt>{t('members.visitsInWindow', { months: windowMonths })}</dt>
          <dd>{number(record.visitsInWindow)}</dd>
        </div>
        <div>
          <dt>{t('members.balance')}</dt>
          <dd>{number(record.points.balance)}</dd>
        </div>
        <div>
          <dt>{t('members.pending')}</dt>
          <dd>{number(record.points.pending)}</dd>
        </div>
        <div>
          <dt>{t('members.joined')}</dt>
          <dd>{formatLongDate(record.joinedAt, locale)}</dd>
        </div>
      </dl>
      {role === 'manager' && <PointsAdjustForm userId={record.userId} />}

      <h3 id="member-visits">{t('members.visits')}</h3>
      {record.visits.length === 0 ? (
        <p>{t('members.noVisits')}</p>
      ) : (
        <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="member-visits">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('members.visitDate')}</th>
                <th scope="col">{t('members.booking')}</th>
              </tr>
            </thead>
            <tbody>
              {record.visits.map((v) => (
                <tr key={v.date}>
                  <td>{formatDate(v.date, locale)}</td>
                  <td>{v.bookingReference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="member-points">{t('members.pointsHistory')}</h3>
      {record.lines.length === 0 ? (
        <p>{t('members.noPoints')}</p>
      ) : (
        <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="member-points">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('members.when')}</th>
                <th scope="col">{t('members.points')}</th>
                <th scope="col">{t('members.state')}</th>
                <th scope="col">{t('members.why')}</th>
                <th scope="col">{t('members.expires')}</th>
              </tr>
            </thead>
            <tbody>
              {record.lines.map((line) => (
                <tr key={line.id}>
                  <td>
                    {formatLongDate(line.earnedAt, locale)} {formatTime(line.earnedAt, locale)}
                  </td>
                  <td>
                    {line.points > 0 ? '+' : ''}
                    {number(line.points)}
                    {line.spent > 0 && ` (${t('members.spent', { points: number(line.spent) })})`}
                  </td>
                  <td>{line.points < 0 ? t('members.states.debit') : t(`members.states.${line.state}`)}</td>
                  <td>{lineWhy(line)}</td>
                  <td>{line.expiresOn ? formatDate(line.expiresOn, locale) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="member-bookings">{t('members.bookings')}</h3>
      {record.bookings.length === 0 ? (
        <p>{t('members.noBookings')}</p>
      ) : (
        <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="member-bookings">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('members.booking')}</th>
                <th scope="col">{t('members.product')}</th>
                <th scope="col">{t('members.visitDate')}</th>
                <th scope="col">{t('members.tickets')}</th>
                <th scope="col">{t('members.total')}</th>
                <th scope="col">{t('members.status')}</th>
              </tr>
            </thead>
            <tbody>
              {record.bookings.map((b) => (
                <tr key={b.reference}>
                  <td>{b.reference}</td>
                  <td>{productTitle(t, b.productId)}</td>
                  <td>{formatDate(localDatePart(b.availabilityId), locale)}</td>
                  <td>{number(b.tickets)}</td>
                  <td>{formatMoney(b.total, b.currency, locale)}</td>
                  <td>{t(`members.bookingStatus.${b.status}`, { defaultValue: b.status })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
