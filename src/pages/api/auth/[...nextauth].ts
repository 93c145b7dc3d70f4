// next-auth under /api/auth, with calls from other sites refused, our abuse limits in front of the
// sign-in e-mail and the visitor's language carried to the e-mail it sends.
import type { NextApiRequest, NextApiResponse } from 'next';
import NextAuth from 'next-auth';
import { enforceAbuseLimits } from '@/modules/accounts/abuse-limits';
import { normalizeEmail } from '@/modules/accounts/normalize-email';
import { sendError } from '@/http/route';
import { clientAddress } from '@/http/client-address';
import { refuseCrossSiteRequest } from '@/http/origin-check';
import { getAuthOptions } from '@/wiring/auth-options';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { requestLocale } from '@/server/i18n';
import { runWithRequestContext } from '@/server/request-context';

function isEmailSignIn(req: NextApiRequest): boolean {
  const action = req.query.nextauth;
  return req.method === 'POST' && Array.isArray(action) && action[0] === 'signin' && action[1] === 'email';
}

export default async function auth(req: NextApiRequest, res: NextApiResponse) {
  const locale = requestLocale(req);
  try {
    // next-auth checks its own CSRF token on sign-in and sign-out; this refuses every other site first.
    refuseCrossSiteRequest(req);
    if (isEmailSignIn(req)) {
      const raw = (req.body as { email?: unknown } | undefined)?.email;
      const email = typeof raw === 'string' ? normalizeEmail(raw).slice(0, 254) : undefined;
      await enforceAbuseLimits(await getDb(), 'signin', { email, clientIp: clientAddress(req) });
    }
    const options = await getAuthOptions();
    return await runWithRequestContext({ locale }, () => NextAuth(req, res, options));
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
