// Completion in process, with a clock: a late payment is refunded and the member told; concurrent
// completions confirm once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxTransport, listOutbox } from '@/adapters/mail/outbox';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { signUp } from '@/modules/accounts/sign-up';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { testPaymentSessions, users } from '@/server/db/schema';
import { openTestDatabase } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

describe('completing a checkout', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let clock = new Date();
  const now = () => clock;
  let deps: CheckoutDeps;
  const gateway = () => deps.gateway as ReturnType<typeof createTestGateway>;

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = {
      db: database.db,
      supplier: createLocalSupplier(database.db, { resellerId: 'website', now }),
      gateway: createTestGateway(database.db, now),
      mail: createOutboxTransport(async () => database.db),
      holdMinutes: 30,
      siteUrl: 'http://localhost:3000',
      now,
    };
  });
  afterAll(async () => database?.dispose());

  async function newMember(name: string) {
    const email = `${name}.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(database.db, { email, contact: { firstName: 'Lea', lastName: 'Roux', phoneNumber: '+33612345678', country: 'FR', postalCode: undefined, marketingOptIn: false }, locale: 'fr' });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    return { userId: user!.id, email };
  }

  async function started(daysAhead: number) {
    const member = await newMember('buyer');
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', daysAhead);
    const selectedTime = await firstSlot(deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime }, 'fr');
    return { member, checkout };
  }

  it('refunds a payment that arrives after the hold ran out, and tells the member', async () => {
    const { member, checkout } = await started(11);
    clock = new Date(clock.getTime() + 31 * 60_000);
    await gateway().pay(checkout.paymentSession.id, CARD);
    const { outcome, order } = await completeCheckout(deps, checkout.paymentSession.id);
    expect(outcome).toBe('refunded');
    expect(order.status).toBe('REFUNDED');
    const [session] = await database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, checkout.paymentSession.id));
    expect(session).toMatchObject({ status: 'refunded', refundedAmount: 8800 });
    const [mail] = await listOutbox(database.db, member.email);
    expect(mail!.subject).not.toMatch(/tickets/i);
    expect(mail!.text).toContain(order.supplierReference);
    expect(mail!.html).toContain('lang="fr"');
    // Completing again changes nothing, and refunds nothing twice.
    expect((await completeCheckout(deps, checkout.paymentSession.id)).outcome).toBe('done-before');
    expect(await listOutbox(database.db, member.email)).toHaveLength(1);
    clock = new Date();
  });

  it('confirms once when 20 completions run at once', async () => {
    const { member, checkout } = await started(12);
    await gateway().pay(checkout.paymentSession.id, CARD);
    const results = await Promise.all(Array.from({ length: 20 }, () => completeCheckout(deps, checkout.paymentSession.id)));
    expect(results.filter((r) => r.outcome === 'confirmed')).toHaveLength(1);
    expect(results.every((r) => ['confirmed', 'in-progress', 'done-before'].includes(r.outcome))).toBe(true);
    const booking = await deps.supplier.getBooking(checkout.bookingId);
    expect(booking.status).toBe('CONFIRMED');
    expect(booking.contact).toMatchObject({ firstName: 'Lea', emailAddress: member.email });
    const mails = await listOutbox(database.db, member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toHaveLength(2);
  });

  it('leaves an unpaid session alone', async () => {
    const { checkout } = await started(13);
    expect((await completeCheckout(deps, checkout.paymentSession.id)).outcome).toBe('unpaid');
  });
});
