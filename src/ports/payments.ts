// The payment port: a checkout session for an amount, its state, and refunds. The built-in test
// gateway (default) and Stripe implement it.
export type PaymentProvider = 'test' | 'stripe';

/** Who took a session's money: a gateway, or cash into a box-office till (decision 0053), which has no gateway. */
export type SessionProvider = PaymentProvider | 'cash';

/** What the browser needs to pay: safe to send to it. */
export type CheckoutSession = {
  provider: SessionProvider;
  id: string;
  amount: number;
  currency: string;
  expiresAt: string;
  /** Stripe embedded checkout's client secret; null for the test gateway. */
  clientSecret: string | null;
  publishableKey: string | null;
};

export type PaymentState = {
  /** `expired`: the session closed without a payment and can never be paid. */
  status: 'open' | 'expired' | 'paid' | 'refunded';
  amountPaid: number;
  currency: string;
};

export type NewSession = {
  amount: number;
  currency: string;
  /** Our reference: the booking uuid. */
  reference: string;
  description: string;
  customerEmail: string;
  expiresAt: Date;
  returnUrl: string;
};

export class PaymentError extends Error {
  constructor(
    readonly code: 'card_declined' | 'insufficient_funds' | 'invalid_card' | 'session_closed' | 'not_found' | 'gateway_failed' | 'invalid_signature',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** What a gateway's signed webhook says, once its signature is checked. */
export type PaymentEvent = { type: string; completedSessionId: string | null };

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  createSession(input: NewSession): Promise<CheckoutSession>;
  getState(sessionId: string): Promise<PaymentState>;
  /** Gives back `amount` of what was paid in the session. A refund is made once per `key` (default: one
   * refund per session), so retrying is safe, and refunds with different keys add up (a change to a lower
   * total, then a cancellation), never past what was paid. Every refund is first recorded in the payments
   * ledger (modules/payments/refund-payment.ts), which passes its own key. Answers the gateway's id of
   * the refund when it has one. */
  refund(sessionId: string, amount: number, key?: string): Promise<{ refundId: string | null }>;
  /** Closes an open session so that it can never be paid: a checkout that opened it and then recorded no
   * order (a gift card spent meanwhile by another checkout, decision 0052). A session already closed or
   * paid is left as it is. */
  closeSession(sessionId: string): Promise<void>;
  /** Checks a webhook's signature and reads it; throws PaymentError('invalid_signature') when forged.
   * Absent on a gateway that sends no webhooks. */
  readWebhook?(payload: string, signature: string | undefined): PaymentEvent;
}
