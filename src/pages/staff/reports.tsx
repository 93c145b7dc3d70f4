import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { ReportView } from '@/components/staff/ReportView';
import { GiftCardLedger } from '@/components/gift-cards/GiftCardLedger';
import { PromoReportView } from '@/components/staff/PromoReportView';
import { promoReport, type PromoReport } from '@/modules/promos/promo-report';
import { StaffPage } from '@/components/staff/StaffPage';
import styles from '@/components/staff/staff.module.css';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import { isLocale } from '@/config/locales';
import { requireStaff } from '@/http/require-staff';
import { MAX_REPORT_DAYS } from '@/universal/report-kinds';
import { reportFor } from '@/modules/reports/report-request';
import { giftCardLiability, type GiftCardLiability } from '@/modules/gift-cards/gift-card-liability';
import { ATTRACTION } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import type { StaffReport } from '@/modules/reports/staff-report';
import type { StaffUser } from '@/modules/staff/roles';
import { getDb } from '@/server/db/client';
import { ownsInventory } from '@/wiring/supplier';
import { AppError } from '@/server/errors';
import { serverT } from '@/server/i18n';
import { translationProps } from '@/server/translations';
import { localizedPath } from '@/universal/localized-path';

type Props = { staff: StaffUser; forbidden?: boolean; report?: StaffReport; error?: string; giftCards?: GiftCardLiability; promos?: PromoReport };

export default function ReportsPage({ staff, forbidden, report, error, giftCards, promos }: Props) {
  const { t, i18n } = useTranslation('staff');
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <StaffPage title={t('reports.title')} staff={staff} forbidden={forbidden}>
      <Card>
        {/* A plain GET form: the period is in the address, so a report can be bookmarked or shared. */}
        <form method="get" action={localizedPath('/staff/reports', locale)} className={styles.reportForm}>
          <TextField label={t('reports.from')} type="date" name="from" defaultValue={report?.range.from} required />
          <TextField label={t('reports.to')} type="date" name="to" defaultValue={report?.range.to} required />
          <Button type="submit">{t('reports.show')}</Button>
        </form>
        <p className={styles.note}>{t('reports.rangeNote', { max: MAX_REPORT_DAYS })}</p>
        {error && <Alert tone="error">{error}</Alert>}
      </Card>
      {report && <ReportView report={report} />}
      {giftCards && <GiftCardLedger liability={giftCards} />}
      {promos && <PromoReportView report={promos} currency={ATTRACTION.currency} />}
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx, 'manager');
  if (!('staff' in access)) return access;
  const translations = await translationProps(ctx.locale, ['staff', 'catalog', 'drops', 'program-admin', 'profile', 'giftcards', 'promos', 'gcrefunds', 'passes', 'addons']);
  if (access.forbidden) return { props: { ...translations, staff: access.staff, forbidden: true } };
  const db = await getDb();
  const giftCards = await giftCardLiability(db, serverNow(), ATTRACTION.currency);
  try {
    const report = await reportFor(db, ctx.query, ownsInventory());
    return { props: { ...translations, staff: access.staff, giftCards, report, promos: await promoReport(db, report.range) } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A bad period says why, and the default period is shown instead.
    ctx.res.statusCode = 400;
    const message = serverT(isLocale(ctx.locale) ? ctx.locale : 'en', 'errors')(error.key, error.values);
    const report = await reportFor(db, {}, ownsInventory());
    return { props: { ...translations, staff: access.staff, giftCards, report, promos: await promoReport(db, report.range), error: message } };
  }
});
