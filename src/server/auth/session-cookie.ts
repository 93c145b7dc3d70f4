// next-auth's session cookie, as its defaultCookies() names and shapes it (next-auth/core/lib/cookie.js, not
// exported): the __Secure- prefix and the Secure flag when the site is served over https.
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}next-auth.session-token`;
}

export function sessionCookie(token: string, expires: Date, secure: boolean): string {
  const name = sessionCookieName(secure);
  return `${name}=${token}; Path=/; Expires=${expires.toUTCString()}; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
}
