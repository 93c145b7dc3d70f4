// The dev session route's cookie is next-auth's own: its name (with __Secure- on https) and attributes.
import { describe, expect, it } from 'vitest';
import { sessionCookie } from '@/server/auth/session-cookie';

describe('sessionCookie', () => {
  const expires = new Date('2027-06-11T14:00:00Z');

  it('is next-auth.session-token, httpOnly, sameSite lax, on every path, until the session expires', () => {
    expect(sessionCookie('tok', expires, false)).toBe('next-auth.session-token=tok; Path=/; Expires=Fri, 11 Jun 2027 14:00:00 GMT; HttpOnly; SameSite=Lax');
  });

  it('is __Secure- prefixed and Secure when the site is https', () => {
    expect(sessionCookie('tok', expires, true)).toBe('__Secure-next-auth.session-token=tok; Path=/; Expires=Fri, 11 Jun 2027 14:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
  });
});
