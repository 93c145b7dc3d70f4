// POST /api/payments/stripe/webhook: Stripe's signed events. A paid Checkout Session completes its order.
import type { NextApiRequest, NextApiResponse } from 'next';
import { verifyStripeSignature } from '@/adapters/payments/stripe';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { getCheckoutDeps } from '@/server/checkout-deps';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { kickLoyaltyWorker } from '@/server/loyalty-worker';

// The signature covers the raw bytes: Next must not parse them.
export const config = { api: { bodyParser: false } };

const COMPLETING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

async function rawBody(req: NextApiRequest, limit = 256 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The event is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export default async function stripeWebhook(req: NextApiRequest, res: NextApiResponse) {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) return res.status(404).json({ error: 'Stripe is not in use' });
  if (req.method !== 'POST') return res.status(405).setHeader('Allow', 'POST').json({ error: 'Use POST' });
  let payload: string;
  try {
    payload = await rawBody(req);
  } catch {
    return res.status(413).json({ error: 'The event is too large' });
  }
  const signature = req.headers['stripe-signature'];
  if (!verifyStripeSignature(payload, Array.isArray(signature) ? signature[0] : signature, secret)) {
    return res.status(400).json({ error: 'The signature does not match' });
  }
  let event: { type?: string; data?: { object?: { id?: string } } };
  try {
    event = JSON.parse(payload) as typeof event;
  } catch {
    return res.status(400).json({ error: 'The event is not valid JSON' });
  }
  const sessionId = event.data?.object?.id;
  if (event.type && COMPLETING_EVENTS.has(event.type) && sessionId) {
    try {
      const { outcome } = await completeCheckout(await getCheckoutDeps(), sessionId);
      kickLoyaltyWorker();
      return res.status(200).json({ received: true, outcome });
    } catch (error) {
      // An order we do not know is not Stripe's to retry; anything else is, so answer 500.
      if (error instanceof AppError && error.status === 404) return res.status(200).json({ received: true, outcome: 'unknown-session' });
      console.error('[stripe] completing failed', error);
      return res.status(500).json({ error: 'Completing the order failed; Stripe will retry' });
    }
  }
  return res.status(200).json({ received: true });
}
