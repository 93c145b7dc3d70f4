// /join/<code>: a guest pass link (decision 0042). A visitor who is not a member yet sees who invites them
// and what the pass gives, and starts the passwordless sign-up with the pass remembered; the member
// themself, a member already, a used or an unknown pass are told why not.
import { useRouter } from 'next/router';
import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { rememberGuestPass } from '@/client/sign-in/guest-pass-code';
import { AuthPage } from '@/components/auth/AuthPage';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Link } from '@/components/ui/Link';
import { BRAND } from '@/config/attraction';
import { checkGuestPass } from '@/modules/program/guest-passes';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { serverT } from '@/server/i18n';
import { translationProps } from '@/server/translations';
import { readSession } from '@/wiring/member-session';
import { isLocale } from '@/config/locales';

type Props = { code: string; memberName: string | null; refusal: string | null };

export default function JoinPage({ code, memberName, refusal }: Props) {
  const { t } = useTranslation('rewards');
  const router = useRouter();
  function start() {
    rememberGuestPass(code);
    void router.push(`/login?${new URLSearchParams({ callbackUrl: '/products' })}`);
  }
  return (
    <AuthPage title={t('join.title')} heading={refusal ? t('join.refused') : t('join.heading', { brand: BRAND })} intro={refusal ? undefined : t('join.intro', { name: memberName ?? '' })}>
      {refusal ? (
        <>
          <Alert tone="error">{refusal}</Alert>
          <p>
            <Link href="/products">{t('join.toProducts')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('join.free')}</p>
          <Button type="button" block onClick={start}>
            {t('join.start')}
          </Button>
        </>
      )}
    </AuthPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const code = String(ctx.params?.code ?? '').slice(0, 64);
  const locale = isLocale(ctx.locale) ? ctx.locale : 'en';
  const session = await readSession(ctx.req);
  let memberName: string | null = null;
  let refusal: string | null = null;
  try {
    memberName = (await checkGuestPass(await getDb(), code, session?.user.id ?? null)).memberName;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refusal = serverT(locale, 'errors')(error.key, error.values);
  }
  return { props: { ...(await translationProps(ctx.locale, ['auth', 'rewards'])), session: session ? JSON.parse(JSON.stringify(session)) : null, code, memberName, refusal } };
});
