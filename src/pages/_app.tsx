import type { AppProps } from 'next/app';
import type { Session } from 'next-auth';
import dynamic from 'next/dynamic';
import { I18nProvider, type PageTranslations } from '@/client/i18n';
import { useToasterWanted } from '@/client/toast';
import { SessionProvider } from '@/client/session/SessionProvider';
import { Layout } from '@/components/layout/Layout';
import { MemberTokenToasts } from '@/components/loyalty/MemberTokenToasts';
import { OutageView } from '@/components/layout/OutageView';
import '@/styles/globals.css';

/** `outage`: the database was out of reach while the page was rendered (src/http/outage-page.ts). */
type PageProps = { session?: Session | null; _translations?: PageTranslations; outage?: boolean };

// Toasts come with the first one (src/client/toast.ts): their code need not weigh on every first load.
const Toaster = dynamic(() => import('react-hot-toast').then((m) => m.Toaster), { ssr: false });

export default function App({ Component, pageProps: { session, _translations, outage, ...pageProps } }: AppProps<PageProps>) {
  const toasterWanted = useToasterWanted();
  return (
    <I18nProvider value={_translations}>
      <SessionProvider session={session}>
        <Layout>
          {outage ? <OutageView /> : <Component {...pageProps} />}
        </Layout>
        <MemberTokenToasts />
        {/* Below the 64 px header, so a toast never hides the menu button or the navigation. */}
        {toasterWanted && <Toaster position="top-center" containerStyle={{ top: 72 }} />}
      </SessionProvider>
    </I18nProvider>
  );
}
