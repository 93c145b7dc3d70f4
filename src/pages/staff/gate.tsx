import Head from 'next/head';
import { useEffect } from 'react';
import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { GateScanner } from '@/components/staff/GateScanner';
import { StaffPage } from '@/components/staff/StaffPage';
import { PageTitle } from '@/components/ui/PageTitle';
import { requireStaff } from '@/http/require-staff';
import type { StaffUser } from '@/modules/staff/roles';
import { translationProps } from '@/server/translations';
import frame from '@/components/ui/page.module.css';
import styles from '@/components/staff/staff.module.css';

type Props = { staff: StaffUser; kiosk: boolean };

/** The gate installs as an app and opens without the network (decision 0054): its service worker keeps
 * this page and the build's files, with this page's address (in its language) as its scope. */
function useGateServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    void navigator.serviceWorker.register('/gate-sw.js', { scope: window.location.pathname }).catch(() => undefined);
  }, []);
}

export default function GatePage({ staff, kiosk }: Props) {
  const { t } = useTranslation('staff');
  const { t: to } = useTranslation('gate-offline');
  useGateServiceWorker();
  const manifest = (
    <Head>
      <link rel="manifest" href="/gate.webmanifest" />
      <meta name="theme-color" content="#05603a" />
    </Head>
  );
  // Kiosk mode (a turnstile's screen, a handheld scanner): the scanner alone, its verdict large.
  if (kiosk) {
    return (
      <div className={`${frame.page} ${styles.kiosk}`}>
        {manifest}
        <PageTitle title={to('kioskTitle')} />
        <h1 className={frame.heading}>{to('kioskTitle')}</h1>
        <GateScanner kiosk />
      </div>
    );
  }
  return (
    <StaffPage title={t('gate.title')} staff={staff}>
      {manifest}
      <GateScanner />
      <p>
        <a href="?kiosk=1">{to('kiosk')}</a>
      </p>
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx);
  if (!('staff' in access)) return access;
  const kiosk = ctx.query.kiosk === '1';
  return { props: { ...(await translationProps(ctx.locale, ['staff', 'catalog', 'gate-offline', 'passes', 'addons'])), staff: access.staff, kiosk } };
});
