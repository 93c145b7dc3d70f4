import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { formatCountdown, remainingMs, SAFETY_MARGIN_MS } from '@/client/checkout/countdown';
import { createPaymentStore, ERROR_TOAST_MS, REDIRECT_TOAST_MS, type PaymentEffects } from '@/client/checkout/payment-store';

const memory = (): StateStorage => {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

const MESSAGES = {
  mustBeLoggedIn: 'You must be logged in to book',
  selectProductAndOption: 'Please select a product and option',
  creating: 'Creating checkout session, please wait...',
  redirecting: 'Redirecting to checkout',
  generic: 'Error, please try again',
  noBookingId: 'No booking id',
  noSession: 'No payment session found when updating session, please try again',
};

const SESSION = { provider: 'test', id: 'cs_1', amount: 8800, currency: 'USD', expiresAt: '2026-11-21T15:30:00Z', clientSecret: null, publishableKey: null, status: 'PENDING_PAYMENT' };

function recorder(answers: Record<string, { status: number; data: unknown } | Error>) {
  const log: string[] = [];
  const posted: { url: string; body: unknown }[] = [];
  const effects: PaymentEffects = {
    async post(url, body) {
      posted.push({ url, body });
      const answer = answers[url.split('?')[0]!];
      if (!answer || answer instanceof Error) throw answer ?? new Error('offline');
      return answer as never;
    },
    toastLoading: (m) => (log.push(`loading:${m}`), 'toast-1'),
    toastSuccess: (m, id, ms) => void log.push(`success:${m}:${id}:${ms}`),
    toastError: (m, ms) => void log.push(`error:${m}:${ms}`),
    navigate: (path) => void log.push(`go:${path}`),
    messages: () => MESSAGES,
  };
  return { effects, log, posted };
}

const PAY = '/api/auth/octo/bookings/payWithPayment';
const REFETCH = '/api/auth/octo/bookings/refetchSession';
const input = { isLoggedIn: true, productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime: '2026-11-21T09:00:00-05:00' };

describe('the payment session store', () => {
  it('sends an anonymous visitor to sign in', async () => {
    const { effects, log, posted } = recorder({});
    await createPaymentStore(effects, memory()).getState().createSession({ ...input, isLoggedIn: false });
    expect(log).toEqual([`error:You must be logged in to book:${ERROR_TOAST_MS}`, 'go:/login']);
    expect(posted).toEqual([]);
  });

  it('needs a product and an option', async () => {
    const { effects, log, posted } = recorder({});
    await createPaymentStore(effects, memory()).getState().createSession({ ...input, optionId: undefined });
    expect(log).toEqual([`error:Please select a product and option:${ERROR_TOAST_MS}`]);
    expect(posted).toEqual([]);
  });

  it('stores session, booking id and expiry, then goes to /checkout', async () => {
    const { effects, log, posted } = recorder({ [PAY]: { status: 201, data: { paymentSession: SESSION, bookingId: 'b-1', expirationTime: '2026-11-21T15:30:00Z' } } });
    const store = createPaymentStore(effects, memory());
    await store.getState().createSession(input);
    expect(posted[0]!.body).toEqual({ productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime: input.selectedTime });
    expect(store.getState()).toMatchObject({ bookingId: 'b-1', expirationTime: '2026-11-21T15:30:00Z', paymentSession: SESSION, isCreating: false });
    expect(log).toEqual(['loading:Creating checkout session, please wait...', `success:Redirecting to checkout:toast-1:${REDIRECT_TOAST_MS}`, 'go:/checkout']);
  });

  it('goes back to /checkout when Book is pressed again on the same choice', async () => {
    const { effects, posted, log } = recorder({ [PAY]: { status: 201, data: { paymentSession: SESSION, bookingId: 'b-1', expirationTime: 'x' } } });
    const store = createPaymentStore(effects, memory());
    await store.getState().createSession(input);
    await store.getState().createSession({ ...input, quantities: { adult: 2, child: 0 } });
    expect(posted).toHaveLength(1);
    expect(log.at(-1)).toBe('go:/checkout');
  });

  it('opens a new session for another choice, also once /checkout has loaded the order', async () => {
    const { effects, posted, log } = recorder({ [PAY]: { status: 201, data: { paymentSession: SESSION, bookingId: 'b-1', expirationTime: 'x' } } });
    const store = createPaymentStore(effects, memory());
    await store.getState().createSession(input);
    store.getState().setOrder({ bookingId: 'b-1', status: 'PENDING_PAYMENT' } as never);
    await store.getState().createSession({ ...input, quantities: { adult: 3 } });
    expect(posted.map((p) => p.url)).toEqual([PAY, PAY]);
    expect((posted[1]!.body as { quantities: unknown }).quantities).toEqual({ adult: 3 });
    expect(log.at(-1)).toBe('go:/checkout');
  });

  it('after a reload, Book on the same choice reuses the open session instead of a second hold', async () => {
    const storage = memory();
    const answers = {
      [PAY]: { status: 201, data: { paymentSession: SESSION, bookingId: 'b-1', expirationTime: 'x' } },
      [REFETCH]: { status: 200, data: { paymentSession: SESSION, expirationTime: '2026-11-21T15:30:00Z' } },
    };
    await createPaymentStore(recorder(answers).effects, storage).getState().createSession(input);
    const { effects, posted, log } = recorder(answers);
    const reloaded = createPaymentStore(effects, storage);
    await reloaded.persist.rehydrate();
    await reloaded.getState().createSession(input);
    expect(posted.map((p) => p.url)).toEqual([`${REFETCH}?uuid=b-1`]);
    expect(log).toEqual(['go:/checkout']);
    expect(reloaded.getState()).toMatchObject({ bookingId: 'b-1', paymentSession: SESSION });
  });

  it('after a reload, a session that can no longer be paid gives way to a new one', async () => {
    const storage = memory();
    const answers: Record<string, { status: number; data: unknown }> = { [PAY]: { status: 201, data: { paymentSession: SESSION, bookingId: 'b-1', expirationTime: 'x' } } };
    await createPaymentStore(recorder(answers).effects, storage).getState().createSession(input);
    answers[REFETCH] = { status: 200, data: { paymentSession: { ...SESSION, status: 'EXPIRED' }, expirationTime: 'x' } };
    answers[PAY] = { status: 201, data: { paymentSession: SESSION, bookingId: 'b-2', expirationTime: 'y' } };
    const { effects, posted } = recorder(answers);
    const reloaded = createPaymentStore(effects, storage);
    await reloaded.persist.rehydrate();
    await reloaded.getState().createSession(input);
    expect(posted.map((p) => p.url)).toEqual([`${REFETCH}?uuid=b-1`, PAY]);
    expect(reloaded.getState().bookingId).toBe('b-2');
  });

  it("shows the server's message, or the generic one", async () => {
    for (const [answer, shown] of [
      [{ status: 409, data: { error: 'Sold out: no places are left at this time' } }, 'Sold out: no places are left at this time'],
      [{ status: 500, data: {} }, 'Error, please try again'],
      [new Error('offline'), 'Error, please try again'],
    ] as const) {
      const { effects, log } = recorder({ [PAY]: answer });
      const store = createPaymentStore(effects, memory());
      await store.getState().createSession(input);
      expect(log.at(-1)).toBe(`error:${shown}:${ERROR_TOAST_MS}`);
      expect(store.getState()).toMatchObject({ paymentSession: undefined, isCreating: false });
    }
  });

  it('refetches by booking id', async () => {
    const { effects, posted } = recorder({ [REFETCH]: { status: 200, data: { paymentSession: SESSION, expirationTime: '2026-11-21T15:40:00Z' } } });
    const store = createPaymentStore(effects, memory());
    await store.getState().refetchSession('b-9');
    expect(posted[0]!.url).toBe(`${REFETCH}?uuid=b-9`);
    expect(store.getState()).toMatchObject({ bookingId: 'b-9', expirationTime: '2026-11-21T15:40:00Z' });
  });

  it("says 'No booking id' and goes to /products without one", async () => {
    const { effects, log } = recorder({});
    await createPaymentStore(effects, memory()).getState().refetchSession();
    expect(log).toEqual([`error:No booking id:${ERROR_TOAST_MS}`, 'go:/products']);
  });

  it('goes to /products when the session is not found', async () => {
    const { effects, log } = recorder({ [REFETCH]: { status: 404, data: { error: 'x' } } });
    const store = createPaymentStore(effects, memory());
    await store.getState().refetchSession('b-1');
    expect(log).toEqual([`error:No payment session found when updating session, please try again:${ERROR_TOAST_MS}`, 'go:/products']);
    expect(store.getState().bookingId).toBeUndefined();
  });

  it('keeps the booking and the page while the server is briefly unavailable (503)', async () => {
    const answers: Record<string, { status: number; data: unknown }> = {
      [REFETCH]: { status: 200, data: { paymentSession: SESSION, expirationTime: '2026-11-21T15:40:00Z' } },
    };
    const { effects, log } = recorder(answers);
    const store = createPaymentStore(effects, memory());
    await store.getState().refetchSession('b-3');
    answers[REFETCH] = { status: 503, data: { error: 'The service is briefly unavailable. Please try again in a moment.', code: 'UNAVAILABLE' } };
    await store.getState().refetchSession();
    expect(log).toEqual([`error:The service is briefly unavailable. Please try again in a moment.:${ERROR_TOAST_MS}`]);
    expect(store.getState()).toMatchObject({ bookingId: 'b-3', paymentSession: SESSION, expirationTime: '2026-11-21T15:40:00Z' });
  });

  it('goes to /products when the refetch fails, but not when the page is being left (a reload cut it off)', async () => {
    const failed = recorder({});
    await createPaymentStore(failed.effects, memory()).getState().refetchSession('b-4');
    expect(failed.log).toEqual([`error:Error, please try again:${ERROR_TOAST_MS}`, 'go:/products']);

    const reloading = recorder({});
    const store = createPaymentStore({ ...reloading.effects, leaving: () => true }, memory());
    await store.getState().refetchSession('b-4');
    expect(reloading.log).toEqual([]);
  });

  it('keeps the booking when the page is left while its refetch is answered (a body cut off reads as no session)', async () => {
    const { effects, log } = recorder({ [REFETCH]: { status: 200, data: {} } });
    const storage = memory();
    let leaving = false;
    const store = createPaymentStore({ ...effects, leaving: () => leaving }, storage);
    store.setState({ bookingId: 'b-5', choice: 'the choice' });
    leaving = true;
    await store.getState().refetchSession();
    expect(log).toEqual([]);
    expect(store.getState()).toMatchObject({ bookingId: 'b-5', choice: 'the choice' });
    // What the next page reads back: Book on the same choice goes back to this booking.
    expect(JSON.parse(storage.getItem('skypass.payment') as string).state).toEqual({ bookingId: 'b-5', choice: 'the choice' });

    // Staying on the page, the same answer is a failure: the member is sent to choose again.
    leaving = false;
    await store.getState().refetchSession();
    expect(store.getState().bookingId).toBeUndefined();
    expect(log).toEqual([`error:Error, please try again:${ERROR_TOAST_MS}`, 'go:/products']);
  });

  it('reset clears everything', async () => {
    const { effects } = recorder({ [PAY]: { status: 201, data: { paymentSession: SESSION, bookingId: 'b-1', expirationTime: 'x' } } });
    const store = createPaymentStore(effects, memory());
    await store.getState().createSession(input);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ paymentSession: undefined, bookingId: undefined, expirationTime: undefined });
  });
});

describe('the countdown', () => {
  const expiry = '2026-11-21T15:30:00Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('keeps a 5-minute margin before the expiry', () => {
    expect(SAFETY_MARGIN_MS).toBe(300_000);
    expect(remainingMs(expiry, at('2026-11-21T15:00:00Z'))).toBe(25 * 60_000);
    expect(remainingMs(expiry, at('2026-11-21T15:25:00Z'))).toBe(0);
    expect(remainingMs(expiry, at('2026-11-21T15:26:00Z'))).toBeLessThan(0);
  });

  it.each([
    [2 * 3600_000 + 3 * 60_000 + 4_000, '2h 3m 4s'],
    [3600_000, '1h 0m 0s'],
    [25 * 60_000 + 9_000, '25m 9s'],
    [60_000, '1m 0s'],
    [59_999, '59s'],
    [0, '0s'],
    [-5_000, '0s'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
