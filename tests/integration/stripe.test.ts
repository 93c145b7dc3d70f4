// The Stripe adapter against a local stand-in of Stripe's endpoints, and a site that takes payments
// through it, completing orders from signed webhooks.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStripeGateway } from '@/adapters/payments/stripe';
import { PaymentError } from '@/ports/payments';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { startSite, type RunningServer } from '../support/server';
import { startStripeStandIn } from '../support/stripe-stand-in';
import { OCTO_KEY, TEST_SITE_ENV, Visitor, uniqueEmail } from './sites';
import { firstSlot, openDay } from './supplier-scenarios';

const WEBHOOK_SECRET = 'whsec_test_integration_secret';
// Signed as Stripe signs its webhooks, by Stripe's library.
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(async () => stripe?.close());

describe('the Stripe adapter', () => {
  const gateway = () => createStripeGateway({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });

  it('sends nested parameters form-encoded as Stripe reads them', async () => {
    const session = await gateway().createSession({
      amount: 500,
      currency: 'USD',
      reference: 'booking-encoding',
      description: 'Main Deck',
      customerEmail: 'ana@example.com',
      expiresAt: new Date(Date.now() + 30 * 60_000),
      returnUrl: 'http://localhost/checkout?uuid=booking-encoding',
    });
    const sent = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.idempotencyKey === 'session-booking-encoding')!;
    const params = new URLSearchParams(sent.body);
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('500');
    expect(params.get('line_items[0][price_data][product_data][name]')).toBe('Main Deck');
    expect([...params.values()]).not.toContain('undefined');
    expect(session.amount).toBe(500);
  });

  it('opens an embedded Checkout Session for the amount, reads its state, and refunds once', async () => {
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const session = await gateway().createSession({
      amount: 8800,
      currency: 'USD',
      reference: 'booking-1',
      description: 'Main Deck',
      customerEmail: 'ana@example.com',
      expiresAt,
      returnUrl: 'http://localhost/checkout?uuid=booking-1',
    });
    expect(session).toMatchObject({ provider: 'stripe', amount: 8800, currency: 'USD', publishableKey: 'pk_test_123' });
    expect(session.clientSecret).toMatch(/_secret$/);
    const sent = stripe.sessions.get(session.id)!;
    // Embedded Checkout: `embedded_page` in the API version the SDK pins (it was `embedded`).
    expect(sent).toMatchObject({ mode: 'payment', ui_mode: 'embedded_page', 'line_items[0][price_data][currency]': 'usd', 'metadata[bookingUuid]': 'booking-1' });
    expect(Number(sent.expires_at) - Date.now() / 1000).toBeGreaterThanOrEqual(30 * 60);

    expect(await gateway().getState(session.id)).toEqual({ status: 'open', amountPaid: 0, currency: 'USD' });
    stripe.markPaid(session.id);
    expect(await gateway().getState(session.id)).toEqual({ status: 'paid', amountPaid: 8800, currency: 'USD' });
    await gateway().refund(session.id, 8800);
    await gateway().refund(session.id, 8800);
    expect(stripe.refunds.filter((r) => r.payment_intent === `pi_${session.id}`)).toHaveLength(1);
    const refundCalls = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === `pi_${session.id}`);
    expect(refundCalls.map((r) => r.idempotencyKey)).toEqual([`refund-${session.id}`, `refund-${session.id}`]);
  });

  it('reports a Stripe that refuses the key', async () => {
    const wrong = createStripeGateway({ secretKey: 'sk_live_wrong', publishableKey: 'pk', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url });
    await expect(wrong.getState('cs_x')).rejects.toMatchObject({ code: 'gateway_failed' });
  });

  it('reports a session Stripe does not know, and a Stripe it cannot reach', async () => {
    await expect(gateway().getState('cs_unknown')).rejects.toMatchObject({ code: 'not_found' });
    const unreachable = createStripeGateway({ secretKey: 'sk_test_123', publishableKey: 'pk', webhookSecret: WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:1' });
    await expect(unreachable.getState('cs_x')).rejects.toMatchObject({ code: 'gateway_failed' });
  });

  it('checks webhook signatures and their age', () => {
    const payload = '{"type":"checkout.session.completed"}';
    /** What the gateway makes of a webhook: true when it accepts it, false when it refuses it as forged. */
    const accepts = (body: string, signature: string | undefined) => {
      try {
        gateway().readWebhook!(body, signature);
        return true;
      } catch (error) {
        expect(error).toBeInstanceOf(PaymentError);
        expect(error).toMatchObject({ code: 'invalid_signature' });
        return false;
      }
    };
    expect(accepts(payload, sign(payload))).toBe(true);
    expect(accepts(payload, sign(payload, 'whsec_other'))).toBe(false);
    expect(accepts(`${payload} `, sign(payload))).toBe(false);
    expect(accepts(payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).toBe(false);
    expect(accepts(payload, undefined)).toBe(false);
    expect(accepts(payload, 'garbage')).toBe(false);

    expect(gateway().readWebhook!(payload, sign(payload))).toEqual({ type: 'checkout.session.completed', completedSessionId: null });
    const completed = JSON.stringify({ id: 'evt_1', type: 'checkout.session.async_payment_succeeded', data: { object: { id: 'cs_test_1' } } });
    expect(gateway().readWebhook!(completed, sign(completed))).toEqual({ type: 'checkout.session.async_payment_succeeded', completedSessionId: 'cs_test_1' });
    const other = JSON.stringify({ id: 'evt_2', type: 'checkout.session.expired', data: { object: { id: 'cs_test_1' } } });
    expect(gateway().readWebhook!(other, sign(other))).toEqual({ type: 'checkout.session.expired', completedSessionId: null });
  });
});

describe('a site that takes payments with Stripe', () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await startSite({
      ...TEST_SITE_ENV,
      STRIPE_SECRET_KEY: 'sk_test_site',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_site',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => site?.stop());

  it('completes the order from the signed webhook, once, and ignores bad signatures', async () => {
    const visitor = new Visitor(site.url);
    const email = uniqueEmail('stripe');
    await visitor.signIn(email);
    const octo = createOctoClient({ baseUrl: `${inject('backends')[0]!.url}/octo`, apiKey: OCTO_KEY });
    const day = await openDay(octo, 'main-deck', 'main-deck-day', 15);
    const started = (await (
      await visitor.postJson('/api/auth/octo/bookings/payWithPayment', {
        productId: 'main-deck',
        optionId: 'main-deck-day',
        quantities: { adult: 1 },
        selectedTime: await firstSlot(octo, 'main-deck', 'main-deck-day', day),
      })
    ).json()) as { paymentSession: { id: string; provider: string; clientSecret: string; publishableKey: string }; bookingId: string };
    expect(started.paymentSession).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_site' });
    expect(started.paymentSession.clientSecret).toBeTruthy();

    const webhook = (payload: string, signature: string) =>
      fetch(`${site.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, body: payload });
    const event = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: started.paymentSession.id } } });

    // Not paid yet: the event changes nothing.
    stripe.markPaid(started.paymentSession.id);
    const forged = await webhook(event, sign(event, 'whsec_forged'));
    expect(forged.status).toBe(400);
    const status = async () =>
      ((await (await visitor.request(`/api/auth/octo/bookings/refetchSession?uuid=${started.bookingId}`, { method: 'POST' })).json()) as { order: { status: string } }).order.status;

    const delivered = await webhook(event, sign(event));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ outcome: 'confirmed' });
    const replayed = await webhook(event, sign(event));
    expect(await replayed.json()).toMatchObject({ outcome: 'done-before' });
    expect(await status()).toBe('CONFIRMED');
    const tickets = (messages: { subject: string }[]) => messages.filter((m) => m.subject.startsWith('Your tickets'));
    await visitor.outboxWhen(email, (messages) => tickets(messages).length >= 1);
    expect(tickets(await visitor.outbox(email))).toHaveLength(1);
  });

  it('completes a change paid at Stripe on the member’s return call, not when the booking page is shown', async () => {
    const visitor = new Visitor(site.url);
    const email = uniqueEmail('stripe-change');
    await visitor.signIn(email);
    const octo = createOctoClient({ baseUrl: `${inject('backends')[0]!.url}/octo`, apiKey: OCTO_KEY });
    const selectedTime = await firstSlot(octo, 'main-deck', 'main-deck-day', await openDay(octo, 'main-deck', 'main-deck-day', 16));
    const started = (await (await visitor.postJson('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime })).json()) as {
      paymentSession: { id: string };
      bookingId: string;
    };
    stripe.markPaid(started.paymentSession.id);
    const refetched = (await (await visitor.request(`/api/auth/octo/bookings/refetchSession?uuid=${started.bookingId}`, { method: 'POST' })).json()) as { order: { status: string; reference: string } };
    expect(refetched.order.status).toBe('CONFIRMED');

    const changed = await visitor.postJson('/api/bookings/change', { bookingId: started.bookingId, quantities: { adult: 2 }, selectedTime, confirm: true });
    const { payment } = (await changed.json()) as { payment: { changeId: string; paymentSession: { id: string; provider: string; amount: number } } };
    expect(payment.paymentSession).toMatchObject({ provider: 'stripe', amount: 4400 });
    stripe.markPaid(payment.paymentSession.id);

    // Stripe's return address: the page only reads (the payment's check job is due 15 s later).
    const page = await visitor.request(`/bookings/${refetched.order.reference}?change=${payment.changeId}`);
    expect(page.status).toBe(200);
    await page.text();
    const complete = (body: unknown, who = visitor) => who.postJson('/api/bookings/change-payment', body);
    const returned = await complete({ bookingId: started.bookingId, changeId: payment.changeId });
    expect(returned.status).toBe(200);
    expect(await returned.json()).toMatchObject({ changeId: payment.changeId, status: 'DONE', outcome: 'confirmed' });
    expect(await (await complete({ bookingId: started.bookingId, changeId: payment.changeId })).json()).toMatchObject({ status: 'DONE', outcome: 'done-before' });

    // Someone else's booking, or a change that is not the booking's, is unknown.
    const stranger = new Visitor(site.url);
    await stranger.signIn(uniqueEmail('stripe-stranger'));
    expect((await complete({ bookingId: started.bookingId, changeId: payment.changeId }, stranger)).status).toBe(404);
    expect((await complete({ bookingId: started.bookingId, changeId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('has no test card form', async () => {
    const visitor = new Visitor(site.url);
    await visitor.signIn(uniqueEmail('no-test-cards'));
    const res = await visitor.postJson('/api/payments/test/pay', { sessionId: 'x', card: { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'The test gateway is not in use' });
  });
});
