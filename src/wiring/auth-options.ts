// next-auth: passwordless sign-in by e-mail link, database sessions (docs/decisions/0004).
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import type { NextAuthOptions } from 'next-auth';
import type { Adapter } from 'next-auth/adapters';
import EmailProvider from 'next-auth/providers/email';
import { getMailTransport } from './mail';
import { DEFAULT_LOCALE } from '@/config/locales';
import { emailSchema } from '@/modules/accounts/email';
import { staffRole } from '@/modules/staff/roles';
import { hasMembership, memberExists } from '@/modules/accounts/member-exists';
import { memberLocale } from '@/modules/accounts/member-locale';
import { renderSignInEmail } from '@/modules/accounts/sign-in-email';
import { recordLoyaltyEvent } from '@/modules/loyalty/record-event';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { accounts, sessions, users, verificationTokens } from '@/server/db/schema';
import { currentRequestContext, noteDatabaseUnavailable } from '@/server/request-context';
import { authSecret } from '@/server/auth/secret';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { serverNow } from '@/server/clock';

/** The welcome token arrives this long after the first sign-in, while the member is on the site. */
const WELCOME_DELAY_MS = 5_000;

/** A sign-in link works once and for this long. */
export const SIGN_IN_LINK_MINUTES = 30;

let options: NextAuthOptions | undefined;

/** next-auth catches its adapter's errors and answers "no session": each call notes an outage for the
 * request first, so that the edge answers 503 instead (wiring/member-session.ts). */
function watchingOutages(adapter: Adapter): Adapter {
  const watched: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(adapter)) {
    if (typeof method !== 'function') continue;
    watched[name] = async (...args: unknown[]) => {
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
        throw error;
      }
    };
  }
  return watched as Adapter;
}

/** Where next-auth may send a member: a path or an address of this site, else the site's root. Its own
 * default throws on a value that is not a URL ("%", "http://["), which answered a 500. */
export function sameSiteRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return `${baseUrl}${url}`;
  try {
    if (new URL(url).origin === new URL(baseUrl).origin) return url;
  } catch {
    // Not an address: the site's root.
  }
  return baseUrl;
}

export async function getAuthOptions(): Promise<NextAuthOptions> {
  if (options) return options;
  const db = await getDb();
  options = {
    secret: authSecret(),
    adapter: watchingOutages(
      DrizzleAdapter(db, {
        usersTable: users,
        accountsTable: accounts,
        sessionsTable: sessions,
        verificationTokensTable: verificationTokens,
      }) as unknown as Adapter,
    ),
    session: { strategy: 'database', maxAge: 30 * 24 * 60 * 60 },
    // Secure cookies (with their __Secure- and __Host- names) whenever the public address is https, even
    // when TLS ends at a proxy in front of us.
    useSecureCookies: getEnv().siteUrl.startsWith('https://'),
    pages: { signIn: '/login', verifyRequest: '/verifyRequest', error: '/error' },
    providers: [
      EmailProvider({
        maxAge: SIGN_IN_LINK_MINUTES * 60,
        normalizeIdentifier: (identifier) => emailSchema.parse(identifier),
        async sendVerificationRequest({ identifier, url }) {
          const locale = currentRequestContext().locale ?? (await memberLocale(db, identifier)) ?? DEFAULT_LOCALE;
          const message = renderSignInEmail({ to: identifier, url, locale, validMinutes: SIGN_IN_LINK_MINUTES });
          await getMailTransport().send(message);
        },
      }),
    ],
    events: {
      // A member has joined once they prove the address is theirs: the welcome token is earned at the
      // first sign-in through the e-mailed link, never by an unverified sign-up (docs/decisions/0008).
      // Staff who never joined are not members: they earn nothing.
      async signIn({ user }) {
        if (!(await hasMembership(db, user.id))) return;
        await recordLoyaltyEvent(db, { userId: user.id, trigger: 'joined' }, new Date(serverNow().getTime() + WELCOME_DELAY_MS));
      },
    },
    callbacks: {
      // Links go to members only: a visitor joins through /signup first (docs/product.md#rules). Staff
      // (STAFF_EMAILS, MANAGER_EMAILS) sign in without signing up.
      async signIn({ user, email }) {
        if (email?.verificationRequest) return Boolean(user.email) && (staffRole(user.email!) !== undefined || (await memberExists(db, user.email!)));
        return true;
      },
      redirect: async (params) => sameSiteRedirect(params),
      async session({ session, user }) {
        return { ...session, user: { ...session.user, id: user.id } };
      },
    },
  };
  return options;
}
