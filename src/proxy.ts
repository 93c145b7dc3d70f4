// Next.js's proxy (once "middleware"): runs before every page and sets its security headers. Each response
// gets a fresh nonce, handed to src/pages/_document.tsx in a request header so the scripts it renders carry
// it; prerendered pages are allowed by the hashes of their inline scripts (http/security-headers.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { prerenderedScriptHashes } from '@/http/prerendered-script-hashes';
import { REQUEST_ID_HEADER, saneRequestId } from '@/http/request-id';
import { contentSecurityPolicy, NONCE_HEADER, strictTransportSecurity } from '@/http/security-headers';
import { getEnv } from '@/server/env';

export function proxy(request: NextRequest) {
  const env = getEnv();
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = contentSecurityPolicy({
    nonce,
    scriptHashes: prerenderedScriptHashes(),
    stripe: Boolean(env.STRIPE_SECRET_KEY),
    https: env.siteUrl.startsWith('https://'),
    development: env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  // The page's id, for its log lines (withOutagePage reads it) and the visitor's support request.
  const requestId = saneRequestId(request.headers.get(REQUEST_ID_HEADER));
  headers.set(REQUEST_ID_HEADER, requestId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  response.headers.set('Content-Security-Policy', policy);
  const hsts = strictTransportSecurity(env.siteUrl);
  if (hsts) response.headers.set('Strict-Transport-Security', hsts);
  return response;
}

export const config = {
  // Pages and public files; not the API (JSON, and bodies the proxy would buffer), nor build assets. The
  // home page is listed apart: with locales, the pattern only matches paths below one (/fr/…).
  matcher: ['/', '/((?!api/|octo/|_next/static/|_next/image|_next/data/).*)'],
};
