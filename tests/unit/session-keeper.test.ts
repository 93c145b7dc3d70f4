// The browser keeps the member's sign-in through a database outage: only a real answer signs them out.
import { describe, expect, it } from 'vitest';
import { createSessionKeeper, keptSession, RECHECK_MS, type KeeperEffects, type SessionAnswer } from '@/client/session/session-keeper';

const ANA = { user: { id: 'u-1', name: 'Ana', email: 'ana@example.com' }, expires: '2026-12-31T00:00:00.000Z' };

function keeper(answers: SessionAnswer[], hint = false) {
  const asked: number[] = [];
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const state = { hint };
  const effects: KeeperEffects = {
    async fetchSession() {
      asked.push(asked.length);
      const answer = answers.shift();
      if (!answer) throw new Error('offline');
      return answer;
    },
    readHint: () => state.hint,
    writeHint: (signedIn) => void (state.hint = signedIn),
    schedule(fn, ms) {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
  };
  const store = createSessionKeeper(effects);
  const shown = (status: 'loading' | 'authenticated' | 'unauthenticated', data: typeof ANA | null = null) => keptSession({ status, data }, store.getState());
  return { store, asked, timers, state, shown };
}

describe('the session keeper', () => {
  it('believes "no session" at once for a visitor who was never signed in here, without asking again', async () => {
    const { store, asked, shown } = keeper([]);
    await store.getState().doubt();
    expect(asked).toEqual([]);
    expect(shown('unauthenticated')).toEqual({ status: 'unauthenticated', data: null });
  });

  it('keeps a signed-in member signed in while the server answers 503, and asks again later', async () => {
    const { store, asked, timers, shown } = keeper([{ status: 'unavailable' }, { status: 'ok', session: ANA }]);
    store.getState().confirm(ANA);
    // next-auth's own session call failed during the outage and it now says "no session".
    await store.getState().doubt();
    expect(asked).toHaveLength(1);
    expect(shown('unauthenticated')).toEqual({ status: 'authenticated', data: ANA });
    expect(timers.map((t) => t.ms)).toEqual([RECHECK_MS]);
    timers[0]!.fn();
    await expect.poll(() => asked.length).toBe(2);
    expect(store.getState()).toMatchObject({ known: ANA, unavailable: false });
    expect(shown('unauthenticated')).toEqual({ status: 'authenticated', data: ANA });
  });

  it('signs out on a real answer of no session, and forgets the hint', async () => {
    const { store, state, shown } = keeper([{ status: 'ok', session: null }]);
    store.getState().confirm(ANA);
    expect(state.hint).toBe(true);
    await store.getState().doubt();
    expect(shown('unauthenticated')).toEqual({ status: 'unauthenticated', data: null });
    expect(state.hint).toBe(false);
  });

  it('after a reload during an outage, a browser that was signed in shows neither state until the server can say', async () => {
    const { store, shown } = keeper([{ status: 'unavailable' }], true);
    await store.getState().doubt();
    expect(shown('unauthenticated')).toEqual({ status: 'loading', data: null });
    await store.getState().recheck();
    // A network failure is no answer either.
    expect(shown('unauthenticated')).toEqual({ status: 'loading', data: null });
  });

  it('asks again when another tab signs out, but not while next-auth itself has the session', async () => {
    const { store, asked, shown } = keeper([{ status: 'unavailable' }, { status: 'ok', session: null }]);
    store.getState().confirm(ANA);
    await store.getState().recheck();
    expect(asked).toEqual([]);
    await store.getState().doubt();
    await store.getState().recheck();
    expect(asked).toHaveLength(2);
    expect(shown('unauthenticated')).toEqual({ status: 'unauthenticated', data: null });
  });

  it("passes next-auth's own answer through when it has one", () => {
    const { shown } = keeper([]);
    expect(shown('authenticated', ANA)).toEqual({ status: 'authenticated', data: ANA });
    expect(shown('loading')).toEqual({ status: 'loading', data: null });
  });
});
