// For pages that need a signed-in member: the session, or a redirect to sign-in (docs/product.md#pages).
import type { GetServerSidePropsContext, Redirect } from 'next';
import { getServerSession, type Session } from 'next-auth';
import { getAuthOptions } from '@/wiring/auth-options';

export async function requireMember(
  ctx: GetServerSidePropsContext,
): Promise<{ session: Session; redirect?: undefined } | { session?: undefined; redirect: Redirect }> {
  const session = await getServerSession(ctx.req, ctx.res, await getAuthOptions());
  if (session) return { session };
  const prefix = ctx.locale && ctx.locale !== ctx.defaultLocale ? `/${ctx.locale}` : '';
  const params = new URLSearchParams({ error: 'SessionRequired', callbackUrl: `${prefix}${ctx.resolvedUrl}` });
  return { redirect: { destination: `${prefix}/login?${params}`, permanent: false } };
}
