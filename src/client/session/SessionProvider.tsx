// The member's session for every component (in place of next-auth/react's provider): the session the
// page was rendered with, else asked for once the page is up, and again when the tab comes back or
// another tab signs in or out.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { getSession, SESSION_MESSAGE_KEY, type Session } from './auth-client';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthState = { data: Session | null; status: AuthStatus };

const Context = createContext<AuthState>({ data: null, status: 'loading' });

const stateOf = (session: Session | null): AuthState => (session ? { data: session, status: 'authenticated' } : { data: null, status: 'unauthenticated' });

export function SessionProvider({ session, children }: { session?: Session | null; children: ReactNode }) {
  const [state, setState] = useState<AuthState>(session ? stateOf(session) : { data: null, status: 'loading' });
  const rendered = Boolean(session);

  useEffect(() => {
    let live = true;
    // A transition: the parts of the page still waiting for their hydration (components/layout/HydratedApart.tsx)
    // then hydrate in slices before they take the answer, instead of in one blocking task.
    const load = () => void getSession().then((found) => live && startTransition(() => setState(stateOf(found))));
    if (!rendered) load();
    const onVisible = () => document.visibilityState === 'visible' && load();
    const onStorage = (event: StorageEvent) => event.key === SESSION_MESSAGE_KEY && load();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [rendered]);

  return <Context.Provider value={state}>{children}</Context.Provider>;
}

/** next-auth's session as the server answers it; use useMemberSession, which keeps it through an outage. */
export function useAuthSession(): AuthState {
  return useContext(Context);
}
