// For pages that need a signed-in member: the session, or a redirect to sign-in (docs/product.md#pages).
import type { GetServerSidePropsContext, Redirect } from 'next';
import type { Session } from 'next-auth';
import { readSession } from '@/wiring/member-session';

export async function requireMember(
  ctx: GetServerSidePropsContext,
): Promise<{ session: Session; redirect?: undefined } | { session?: undefined; redirect: Redirect }> {
  // A database outage throws (an error page), never a redirect that would say "signed out".
  const session = await readSession(ctx.req, ctx.res);
  if (session) return { session };
  const prefix = ctx.locale && ctx.locale !== ctx.defaultLocale ? `/${ctx.locale}` : '';
  const params = new URLSearchParams({ error: 'SessionRequired', callbackUrl: `${prefix}${ctx.resolvedUrl}` });
  return { redirect: { destination: `${prefix}/login?${params}`, permanent: false } };
}
