// For pages that need a signed-in member: the session, or a redirect to sign-in (docs/product.md#pages).
import type { GetServerSidePropsContext, Redirect } from 'next';
import type { Session } from 'next-auth';
import { readSession } from '@/wiring/member-session';
import { DEFAULT_LOCALE, isLocale } from '@/config/locales';
import { localizedPath } from '@/universal/localized-path';

export async function requireMember(
  ctx: GetServerSidePropsContext,
): Promise<{ session: Session; redirect?: undefined } | { session?: undefined; redirect: Redirect }> {
  // A database outage throws (an error page), never a redirect that would say "signed out".
  const session = await readSession(ctx.req);
  if (session) return { session };
  const locale = isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE;
  const params = new URLSearchParams({ error: 'SessionRequired', callbackUrl: localizedPath(ctx.resolvedUrl, locale) });
  return { redirect: { destination: `${localizedPath('/login', locale)}?${params}`, permanent: false } };
}
