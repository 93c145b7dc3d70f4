// The browser's side of next-auth's API (/api/auth), in place of next-auth/react (~10 KB gzip on every
// page): the session, the e-mailed sign-in link and sign-out, with next-auth's own behaviour where the
// spec fixes it (docs/product.md#calls, docs/decisions/0017).

/** The session as /api/auth/session hands it out (src/types/next-auth.d.ts adds the member's id). */
export type Session = {
  user: { id: string; name?: string | null; email?: string | null; image?: string | null };
  expires: string;
};

const BASE = '/api/auth';
/** next-auth's storage key for telling other tabs of a sign-in or sign-out. */
export const SESSION_MESSAGE_KEY = 'nextauth.message';

/** The session, or null when signed out; null too when the server cannot say (the session keeper then asks again). */
export async function getSession(): Promise<Session | null> {
  try {
    const response = await fetch(`${BASE}/session`, { headers: { 'Content-Type': 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<Session>;
    return body.user ? (body as Session) : null;
  } catch {
    return null;
  }
}

async function csrfToken(): Promise<string> {
  const response = await fetch(`${BASE}/csrf`);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

function tellOtherTabs(trigger: 'signin' | 'signout'): void {
  try {
    localStorage.setItem(SESSION_MESSAGE_KEY, JSON.stringify({ event: 'session', data: { trigger }, timestamp: Math.floor(Date.now() / 1000) }));
  } catch {
    // Storage refused (private mode): other tabs learn at their next focus.
  }
}

async function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; ok: boolean; url?: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: 'true' }),
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string };
  return { status: response.status, ok: response.ok, url: data.url };
}

/** A full page load: next-auth's endpoints answer with redirects, and a sign-out must drop every page state. */
function leaveFor(url: string): void {
  window.location.assign(url);
}

export type SignInResult = { ok: boolean; status: number; error: string | null; url: string | null };

/**
 * Sends the sign-in link (the 'email' provider, no redirect). As next-auth's client: a failed providers
 * call goes to the error page, an unknown provider to the sign-in page with the callbackUrl.
 */
export async function signIn(provider: string, options: { email: string; callbackUrl: string }, params: Record<string, string> = {}): Promise<SignInResult | undefined> {
  const providers = await fetch(`${BASE}/providers`)
    .then((r) => (r.ok ? (r.json() as Promise<Record<string, unknown>>) : null))
    .catch(() => null);
  if (!providers) {
    leaveFor(`${BASE}/error`);
    return undefined;
  }
  if (!(provider in providers)) {
    leaveFor(`${BASE}/signin?${new URLSearchParams({ callbackUrl: options.callbackUrl })}`);
    return undefined;
  }
  const answer = await postForm(`${BASE}/signin/${provider}?${new URLSearchParams(params)}`, options);
  const error = answer.url ? new URL(answer.url, window.location.origin).searchParams.get('error') : null;
  if (answer.ok) tellOtherTabs('signin');
  return { ok: answer.ok, status: answer.status, error, url: error ? null : (answer.url ?? null) };
}

/** Ends the session and goes to callbackUrl (as next-auth answers it). */
export async function signOut({ callbackUrl }: { callbackUrl: string }): Promise<void> {
  const answer = await postForm(`${BASE}/signout`, { callbackUrl });
  tellOtherTabs('signout');
  const url = answer.url ?? callbackUrl;
  leaveFor(url);
  if (url.includes('#')) window.location.reload();
}
