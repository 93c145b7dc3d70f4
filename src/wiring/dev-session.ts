// A signed-in session without the e-mailed link, for browser tests that are not about signing in (demo mode
// only: src/pages/api/dev/session.ts, docs/decisions/0031). It does what next-auth's e-mail callback does
// once the link is followed (next-auth/core/lib/callback-handler.js): the user row, marked verified (created
// for a staff address that has none), a database session through the same adapter, and the signIn event
// (a member's welcome token); then next-auth's session cookie.
import crypto from 'node:crypto';
import type { NextApiResponse } from 'next';
import type { AdapterUser } from 'next-auth/adapters';
import { getAuthOptions } from './auth-options';
import { staffRole } from '@/modules/staff/roles';
import { sessionCookie } from '@/server/auth/session-cookie';
import { AppError } from '@/server/errors';

/** Signs `email` (already normalised) in: a member who joined, or a staff address. Anyone else is refused
 * and nothing is written. */
export async function startDevSession(res: NextApiResponse, email: string): Promise<{ userId: string; expires: Date }> {
  const options = await getAuthOptions();
  const adapter = options.adapter!;
  const existing = await adapter.getUserByEmail!(email);
  if (!existing && staffRole(email) === undefined) throw new AppError('INVALID_FIELDS', 'devSessionUnknownEmail', { email });
  // As next-auth: following the link proves the address, so the user is (re)marked verified.
  const user: AdapterUser = existing
    ? await adapter.updateUser!({ id: existing.id, emailVerified: new Date() })
    : await adapter.createUser!({ email, emailVerified: new Date() } as AdapterUser);
  // next-auth's own token and expiry (real time, as next-auth reads it back): a random UUID, maxAge from now.
  const maxAgeSeconds = options.session?.maxAge ?? 30 * 24 * 60 * 60;
  const session = await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(Date.now() + maxAgeSeconds * 1000) });
  await options.events?.signIn?.({ user, account: { provider: 'email', type: 'email', providerAccountId: email }, isNewUser: !existing });
  res.setHeader('Set-Cookie', sessionCookie(session.sessionToken, session.expires, options.useSecureCookies === true));
  return { userId: user.id, expires: session.expires };
}
