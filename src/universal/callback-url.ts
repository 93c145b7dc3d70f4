// Where to go after signing in. Only paths on this site are accepted, so that a crafted link cannot
// send a member to another site after they sign in (an open redirect).
export const DEFAULT_CALLBACK_URL = '/profile';

export function safeCallbackUrl(value: unknown, origin?: string): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return DEFAULT_CALLBACK_URL;
  let candidate = raw;
  if (origin && /^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      if (url.origin !== new URL(origin).origin) return DEFAULT_CALLBACK_URL;
      candidate = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return DEFAULT_CALLBACK_URL;
    }
  }
  // A path of this site: one leading slash, not "//host" or "/\host" (which browsers treat as a host),
  // and no control characters or backslashes.
  if (!candidate.startsWith('/') || candidate.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(candidate)) {
    return DEFAULT_CALLBACK_URL;
  }
  return candidate;
}
