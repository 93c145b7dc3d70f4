// next-auth under /api/auth, with what it lacks in front: calls from other sites refused, the input
// checks every route has, our abuse limits on the sign-in e-mail, the visitor's language carried to the
// e-mail it sends, and a 503 (not an empty session) when the database is out of reach.
import type { NextApiRequest, NextApiResponse } from 'next';
import NextAuth, { type NextAuthOptions } from 'next-auth';
import { observed } from '@/http/observed';
import { enforceAbuseLimits } from '@/modules/accounts/abuse-limits';
import { normalizeEmail } from '@/universal/normalize-email';
import { sendError } from '@/http/route';
import { clientAddress } from '@/http/client-address';
import { refuseUnsafeInput } from '@/http/input-hygiene';
import { refuseCrossSiteRequest } from '@/http/origin-check';
import { getAuthOptions } from '@/wiring/auth-options';
import { keepSessionAlive } from '@/wiring/member-session';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { requestLocale } from '@/server/i18n';
import { currentRequestContext, runWithRequestContext } from '@/server/request-context';
import { localizedPath, splitLocale } from '@/universal/localized-path';

function action(req: NextApiRequest): string {
  const segments = req.query.nextauth;
  return Array.isArray(segments) ? segments.join('/') : '';
}

/** next-auth's cookie that remembers where to go after signing in (with https, its __Secure- name). */
const CALLBACK_COOKIES = ['next-auth.callback-url', '__Secure-next-auth.callback-url'];

/** A path of this site or an http(s) address (next-auth sends absolute ones). */
const wellFormed = (value: unknown) =>
  typeof value === 'string' && (value.startsWith('/') || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)));

/** Anything else ("%", "http://[", "javascript:…") made next-auth answer 500 ("server configuration"):
 * it is refused as the caller's mistake. A bad remembered value is also forgotten, so the next try works. */
function refuseMalformedCallbackUrl(req: NextApiRequest, res: NextApiResponse): void {
  const given = [req.query.callbackUrl, (req.body as { callbackUrl?: unknown } | undefined)?.callbackUrl].flat();
  const remembered = CALLBACK_COOKIES.filter((name) => req.cookies[name] !== undefined && !wellFormed(req.cookies[name]));
  if (remembered.length === 0 && given.every((value) => value === undefined || wellFormed(value))) return;
  if (remembered.length) res.setHeader('Set-Cookie', remembered.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`));
  throw new AppError('BAD_REQUEST', 'invalidField', { field: 'callbackUrl' });
}

/** The language of next-auth's own redirects (the sign-in page, the error page of a used link): the
 * callbackUrl's locale prefix, else the visitor's (cookie, Accept-Language). */
function pagesInLanguage(options: NextAuthOptions, req: NextApiRequest): NextAuthOptions {
  const given = [req.query.callbackUrl, (req.body as { callbackUrl?: unknown } | undefined)?.callbackUrl, req.cookies[CALLBACK_COOKIES[0]!], req.cookies[CALLBACK_COOKIES[1]!]];
  const fromCallback = given
    .flat()
    .map((value) => (typeof value === 'string' && wellFormed(value) ? splitLocale(value.startsWith('/') ? value : new URL(value).pathname).locale : undefined))
    .find(Boolean);
  const locale = fromCallback ?? requestLocale(req);
  const pages = Object.fromEntries(Object.entries(options.pages ?? {}).map(([name, path]) => [name, localizedPath(path, locale)]));
  return { ...options, pages };
}

async function auth(req: NextApiRequest, res: NextApiResponse) {
  const locale = requestLocale(req);
  try {
    // next-auth checks its own CSRF token on sign-in and sign-out; this refuses every other site first.
    refuseCrossSiteRequest(req);
    refuseUnsafeInput(req, typeof req.body === 'object' && req.body !== null ? req.body : undefined);
    refuseMalformedCallbackUrl(req, res);
    if (req.method === 'GET' && action(req) === 'session') {
      // next-auth would answer a database failure with an empty session: a member would read themselves
      // signed out. keepSessionAlive throws the 503 instead.
      const session = await keepSessionAlive(req, res);
      res.setHeader('Cache-Control', 'private, no-cache, no-store');
      return res.status(200).json(session ?? {});
    }
    if (req.method === 'POST' && action(req) === 'signin/email') {
      const raw = (req.body as { email?: unknown } | undefined)?.email;
      const email = typeof raw === 'string' ? normalizeEmail(raw).slice(0, 254) : undefined;
      await enforceAbuseLimits(await getDb(), 'signin', { email, clientIp: clientAddress(req) });
    }
    const options = pagesInLanguage(await getAuthOptions(), req);
    return await runWithRequestContext({ ...currentRequestContext(), locale }, () => NextAuth(req, res, options));
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      // next-auth's client reads the error name from the (absolute) url it is given back.
      const url = new URL('/error?error=RateLimited', getEnv().siteUrl);
      res.setHeader('Retry-After', error.headers['Retry-After'] ?? '60');
      return res.status(429).json({ url: url.toString(), error: error.code });
    }
    return sendError(res, error, locale);
  }
}

export default observed('/api/auth/[...nextauth]', auth);
