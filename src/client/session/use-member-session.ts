// The member's session for the page: next-auth's, kept through a database outage (./session-keeper.ts).
// Use this instead of useAuthSession.
import { useEffect } from 'react';
import { SESSION_MESSAGE_KEY } from './auth-client';
import { useAuthSession } from './SessionProvider';
import { useStore } from 'zustand';
import { createSessionKeeper, keptSession, SIGNED_IN_HINT, type KeptStatus, type Session, type SessionAnswer } from './session-keeper';

async function fetchSession(): Promise<SessionAnswer> {
  const response = await fetch('/api/auth/session', { headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) return { status: 'unavailable' };
  const body = (await response.json()) as Partial<Session>;
  return { status: 'ok', session: body.user ? (body as Session) : null };
}

function readHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

function writeHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage refused (private mode): the keeper then only knows this tab's answers.
  }
}

export const sessionKeeper = createSessionKeeper({
  fetchSession,
  readHint,
  writeHint,
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
});

if (typeof window !== 'undefined') {
  // next-auth tells other tabs of a sign-in or sign-out through this storage key.
  window.addEventListener('storage', (event) => event.key === SESSION_MESSAGE_KEY && void sessionKeeper.getState().recheck());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void sessionKeeper.getState().recheck());
}

export function useMemberSession(): { status: KeptStatus; data: Session | null } {
  const { data, status } = useAuthSession();
  const known = useStore(sessionKeeper, (s) => s.known);
  const unavailable = useStore(sessionKeeper, (s) => s.unavailable);
  useEffect(() => {
    if (status === 'authenticated' && data) sessionKeeper.getState().confirm(data);
    else if (status === 'unauthenticated') void sessionKeeper.getState().doubt();
  }, [status, data]);
  return keptSession({ status, data: data ?? null }, { known, unavailable });
}
