// What the browser knows of the member's sign-in, kept through a database outage. next-auth's client reads
// any failed session call as "no session"; during an outage our server answers that call with 503, and a
// member must not be shown signed out because of it. So when next-auth drops to "no session" while this
// browser had one (or remembers one from an earlier visit), the session is asked for once more: only a
// real answer (200) says signed out. While the server cannot say, the last known state stays, and is
// asked for again later (docs/decisions/0014). Its effects (HTTP, storage, timers) are passed in.
import { createStore } from 'zustand/vanilla';

export type { Session } from './auth-client';
import type { Session } from './auth-client';

/** "Ask again" while the server cannot say. */
export const RECHECK_MS = 30_000;

/** localStorage: this browser was signed in at its last real answer (no personal data). */
export const SIGNED_IN_HINT = 'skypass.signedIn';

export type SessionAnswer = { status: 'ok'; session: Session | null } | { status: 'unavailable' };

export type KeeperEffects = {
  fetchSession(): Promise<SessionAnswer>;
  readHint(): boolean;
  writeHint(signedIn: boolean): void;
  schedule(fn: () => void, ms: number): () => void;
};

export type KeeperState = {
  /** The last real answer: a session, or null when signed out; undefined before any. */
  known?: Session | null;
  /** The server could not say at the last ask. */
  unavailable: boolean;
  /** next-auth says "no session" and the keeper is not taking its word yet. */
  doubting: boolean;
  /** next-auth reported a session. */
  confirm(session: Session): void;
  /** next-auth reported none: believed at once only when there is nothing to doubt. */
  doubt(): Promise<void>;
  /** Another tab signed in or out, or the tab came back: asks again while in doubt. */
  recheck(): Promise<void>;
};

export type KeptStatus = 'loading' | 'authenticated' | 'unauthenticated';

export function createSessionKeeper(effects: KeeperEffects) {
  let cancelRetry: (() => void) | undefined;
  let asking: Promise<void> | undefined;

  const store = createStore<KeeperState>()((set, get) => {
    const settle = (session: Session | null) => {
      cancelRetry?.();
      cancelRetry = undefined;
      effects.writeHint(session !== null);
      // No session is what next-auth says too: no more doubt.
      set({ known: session, unavailable: false, ...(session === null ? { doubting: false } : {}) });
    };

    const ask = (): Promise<void> => {
      asking ??= effects
        .fetchSession()
        .catch((): SessionAnswer => ({ status: 'unavailable' }))
        .then((answer) => {
          if (answer.status === 'ok') return settle(answer.session);
          set({ unavailable: true });
          cancelRetry?.();
          cancelRetry = effects.schedule(() => void get().recheck(), RECHECK_MS);
        })
        .finally(() => (asking = undefined));
      return asking;
    };

    return {
      known: undefined,
      unavailable: false,
      doubting: false,
      confirm(session) {
        set({ doubting: false });
        settle(session);
      },
      async doubt() {
        const hadSession = Boolean(get().known) || (get().known === undefined && effects.readHint());
        if (!hadSession) return settle(null);
        set({ doubting: true });
        await ask();
      },
      async recheck() {
        if (get().doubting) await ask();
      },
    };
  });
  return store;
}

export type SessionKeeper = ReturnType<typeof createSessionKeeper>;

/** What the page shows, from next-auth's status and what the keeper knows. */
export function keptSession(
  nextAuth: { status: KeptStatus; data: Session | null },
  kept: Pick<KeeperState, 'known' | 'unavailable'>,
): { status: KeptStatus; data: Session | null } {
  if (nextAuth.status !== 'unauthenticated') return nextAuth;
  if (kept.known) return { status: 'authenticated', data: kept.known };
  if (kept.known === null && !kept.unavailable) return { status: 'unauthenticated', data: null };
  // Asking, or the server cannot say: neither signed in nor signed out.
  return { status: 'loading', data: null };
}
