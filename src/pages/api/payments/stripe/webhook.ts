// POST /api/payments/stripe/webhook: the gateway's signed events. A paid Checkout Session completes its
// order or moves its changed booking (a paid difference). The signature is checked by the payment port (Stripe's own library), over the raw bytes.
import type { NextApiRequest, NextApiResponse } from 'next';
import { observed } from '@/http/observed';
import { completePayment } from '@/modules/payments/complete-payment';
import { PaymentError } from '@/ports/payments';
import { AppError } from '@/server/errors';
import { getCheckoutDeps } from '@/wiring/checkout';
import { getPaymentGateway } from '@/wiring/payments';
import { log } from '@/server/log';

// The signature covers the raw bytes: Next must not parse them.
export const config = { api: { bodyParser: false } };

async function rawBody(req: NextApiRequest, limit = 256 * 1024): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function stripeWebhook(req: NextApiRequest, res: NextApiResponse) {
  const gateway = await getPaymentGateway();
  if (gateway.provider !== 'stripe' || !gateway.readWebhook) return res.status(404).json({ error: 'Stripe is not in use', code: 'NOT_FOUND' });
  if (req.method !== 'POST') return res.status(405).setHeader('Allow', 'POST').json({ error: 'Use POST', code: 'METHOD_NOT_ALLOWED' });
  const payload = await rawBody(req);
  if (payload === undefined) return res.status(413).json({ error: 'The event is too large', code: 'PAYLOAD_TOO_LARGE' });
  const signature = req.headers['stripe-signature'];
  let sessionId: string | null;
  try {
    sessionId = gateway.readWebhook(payload, Array.isArray(signature) ? signature[0] : signature).completedSessionId;
  } catch (error) {
    if (error instanceof PaymentError) return res.status(400).json({ error: error.message, code: 'BAD_REQUEST' });
    throw error;
  }
  if (!sessionId) return res.status(200).json({ received: true });
  try {
    const { outcome } = await completePayment(await getCheckoutDeps(), sessionId);
    return res.status(200).json({ received: true, outcome });
  } catch (error) {
    // An order we do not know is not Stripe's to retry; anything else is, so answer 500.
    if (error instanceof AppError && error.status === 404) return res.status(200).json({ received: true, outcome: 'unknown-session' });
    log.error('[stripe] completing failed', { error });
    return res.status(500).json({ error: 'Completing the order failed; Stripe will retry', code: 'INTERNAL' });
  }
}

export default observed('/api/payments/stripe/webhook', stripeWebhook);
