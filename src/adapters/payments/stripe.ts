// Real adapter: Stripe Checkout in embedded mode (docs.stripe.com/payments/checkout). Sessions are
// created with the secret key; the browser mounts them with the publishable key; completion arrives
// by the signed webhook and is checked against the session itself.
import crypto from 'node:crypto';
import { PaymentError, type PaymentGateway } from '@/ports/payments';

export type StripeConfig = { secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string; fetch?: typeof fetch };

/** Stripe's form encoding of nested parameters: line_items[0][price_data][currency]=usd. */
export function formEncode(value: unknown, prefix = '', out = new URLSearchParams()): URLSearchParams {
  if (value === undefined || value === null) return out;
  if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) formEncode(inner, prefix ? `${prefix}[${key}]` : key, out);
  } else {
    out.append(prefix, String(value));
  }
  return out;
}

export function createStripeGateway({ secretKey, publishableKey, webhookSecret, apiBase = 'https://api.stripe.com', fetch: fetchImpl = fetch }: StripeConfig): PaymentGateway {
  async function call<T>(method: 'GET' | 'POST', path: string, params?: unknown, idempotencyKey?: string): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiBase}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: params ? formEncode(params).toString() : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentError('gateway_failed', `Stripe could not be reached: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!response.ok) {
      throw new PaymentError(response.status === 404 ? 'not_found' : 'gateway_failed', body.error?.message ?? `Stripe answered ${response.status}`);
    }
    return body;
  }

  type StripeSession = {
    id: string;
    client_secret: string | null;
    amount_total: number;
    currency: string;
    expires_at: number;
    status: 'open' | 'complete' | 'expired';
    payment_status: 'paid' | 'unpaid' | 'no_payment_required';
    payment_intent: string | null;
  };

  return {
    provider: 'stripe',

    async createSession(input) {
      // Stripe's sessions live at least 30 minutes; a payment after our hold ends is refunded.
      const expiresAt = Math.max(Math.ceil(input.expiresAt.getTime() / 1000), Math.ceil(Date.now() / 1000) + 30 * 60 + 5);
      const session = await call<StripeSession>(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          ui_mode: 'embedded',
          return_url: input.returnUrl,
          customer_email: input.customerEmail,
          client_reference_id: input.reference,
          expires_at: expiresAt,
          metadata: { bookingUuid: input.reference },
          line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } } }],
        },
        `session-${input.reference}`,
      );
      return {
        provider: 'stripe',
        id: session.id,
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
        expiresAt: input.expiresAt.toISOString(),
        clientSecret: session.client_secret,
        publishableKey,
      };
    },

    async getState(id) {
      const session = await call<StripeSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`);
      return {
        status: session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
        amountPaid: session.payment_status === 'paid' ? session.amount_total : 0,
        currency: session.currency.toUpperCase(),
      };
    },

    async refund(id, amount) {
      const session = await call<StripeSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`);
      if (!session.payment_intent) return;
      // The idempotency key makes a second refund of the same session a no-op at Stripe.
      await call('POST', '/v1/refunds', { payment_intent: session.payment_intent, amount }, `refund-${id}`);
    },

    readWebhook(payload, signature) {
      if (!verifyStripeSignature(payload, signature, webhookSecret)) throw new PaymentError('invalid_signature', 'The signature does not match');
      let event: { type?: string; data?: { object?: { id?: string } } };
      try {
        event = JSON.parse(payload) as typeof event;
      } catch {
        throw new PaymentError('invalid_signature', 'The event is not valid JSON');
      }
      const type = event.type ?? '';
      const completing = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
      return { type, completedSessionId: completing ? (event.data?.object?.id ?? null) : null };
    },
  };
}

/** Stripe-Signature: "t=1700000000,v1=hex"; the HMAC-SHA256 of "t.payload" with the endpoint secret. */
export function verifyStripeSignature(payload: string, header: string | undefined, secret: string, now = Date.now(), toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string]);
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!Number.isFinite(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return signatures.some((s) => s.length === expected.length && crypto.timingSafeEqual(Buffer.from(s), Buffer.from(expected)));
}
