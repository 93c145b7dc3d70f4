import type { AppProps } from 'next/app';
import type { Session } from 'next-auth';
import { SessionProvider } from 'next-auth/react';
import { appWithTranslation } from 'next-i18next/pages';
import dynamic from 'next/dynamic';
import { Layout } from '@/components/layout/Layout';
import { NewTokenToasts } from '@/components/loyalty/NewTokenToasts';
import '@/styles/globals.css';

type PageProps = { session?: Session | null };

// Toasts come after the page is up: their code need not weigh on every first load.
const Toaster = dynamic(() => import('react-hot-toast').then((m) => m.Toaster), { ssr: false });

function App({ Component, pageProps: { session, ...pageProps } }: AppProps<PageProps>) {
  return (
    <SessionProvider session={session}>
      <Layout>
        <Component {...pageProps} />
      </Layout>
      <NewTokenToasts />
      <Toaster position="top-center" />
    </SessionProvider>
  );
}

export default appWithTranslation(App);
