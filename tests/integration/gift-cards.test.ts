// Gift cards (issue #25 deliverable 1, decision 0047), in process on PGlite and PostgreSQL: a card bought
// for someone is paid through the payments ledger, issued with its ledger line and e-mailed by its job on
// the chosen New York date (not before); its balance is found by its code; a manager's void empties it,
// audited; the lookups are limited per client address; amounts and dates outside the configuration are
// refused; the liability adds up; spends (the ledger primitive checkout redemption will call) take a card
// to exactly zero across orders and never below it under 10 parallel spends, and a give-back restores it once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { buyGiftCard } from '@/modules/gift-cards/buy-gift-card';
import { deliverGiftCard } from '@/modules/gift-cards/deliver-gift-card';
import { giftCardDeliveryKey } from '@/modules/gift-cards/issue-paid-gift-card';
import { giftCardLiability } from '@/modules/gift-cards/gift-card-liability';
import { lookUpGiftCard } from '@/modules/gift-cards/look-up-gift-card';
import { voidGiftCard } from '@/modules/gift-cards/void-gift-card';
import { giveBackToGiftCard, spendGiftCard } from '@/modules/gift-cards/spend-gift-card';
import { completePayment } from '@/modules/payments/complete-payment';
import { runDueJobs } from '@/modules/jobs/run-due-jobs';
import { auditLog, giftCardLines, giftCards, jobs, payments } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { FIXED_NOW } from '../support/fixed-date';
import { signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';

const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager-1@staff.example' };
// FIXED_NOW is 2027-05-12 10:00 in New York: the 20th is eight days on.
const BIRTHDAY = '2027-05-20';
const BIRTHDAY_MIDNIGHT = new Date('2027-05-20T00:00:00-04:00');

describe.each(TEST_BACKENDS)('gift cards on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl);

  async function bought(amount: number, recipient: { name: string; email: string } | null, deliverOn = BIRTHDAY) {
    shop.clock = FIXED_NOW;
    const buyer = await signedUpMember(shop.db, 'giver', 'en');
    const { giftCardId, paymentSession } = await buyGiftCard(shop.deps, buyer, { amount, recipient, senderName: 'Ana', message: 'Happy birthday!', deliverOn }, 'en');
    await shop.deps.gateway.pay(paymentSession.id, TEST_CARD);
    expect((await completePayment(shop.deps, paymentSession.id)).outcome).toBe('confirmed');
    const [card] = await shop.db.select().from(giftCards).where(eq(giftCards.id, giftCardId));
    return { buyer, card: card!, paymentSession };
  }

  const runDelivery = (at: Date, giftCardId: string) =>
    runDueJobs(shop.db, { 'giftcards.deliver': async (job: { giftCardId: string }) => void (await deliverGiftCard({ ...shop.deps, now: () => at }, job.giftCardId)) }, {
      workerId: 'test',
      now: at,
      dedupeKey: giftCardDeliveryKey(giftCardId),
    });

  it('sells a card through the payments ledger and e-mails it to the recipient on the chosen date, not before', async () => {
    const recipient = { name: 'Bea', email: `bea.${crypto.randomUUID().slice(0, 8)}@example.com` };
    const { card } = await bought(5000, recipient);
    expect(card).toMatchObject({ status: 'ACTIVE', amount: 5000, balance: 5000, currency: 'USD', deliverOn: BIRTHDAY, deliveredAt: null });
    expect(card.code).toMatch(/^[A-HJKMNP-TW-Z2-9]{16}$/);
    // Valid 24 months from the purchase (config/gift-cards.json).
    expect(card.expiresAt?.toISOString()).toBe('2029-05-12T14:00:00.000Z');
    const [payment] = await shop.db.select().from(payments).where(eq(payments.id, card.paymentId!));
    expect(payment).toMatchObject({ purpose: 'gift_card', referenceId: card.id, amount: 5000, state: 'confirmed' });
    expect(await shop.db.select({ kind: giftCardLines.kind, amount: giftCardLines.amount }).from(giftCardLines).where(eq(giftCardLines.giftCardId, card.id))).toEqual([{ kind: 'issued', amount: 5000 }]);

    // Its job waits for midnight of the 20th in New York.
    const [job] = await shop.db.select().from(jobs).where(eq(jobs.dedupeKey, giftCardDeliveryKey(card.id)));
    expect(job?.runAt.toISOString()).toBe(BIRTHDAY_MIDNIGHT.toISOString());
    expect(await runDelivery(new Date(BIRTHDAY_MIDNIGHT.getTime() - 60_000), card.id)).toMatchObject({ claimed: 0 });
    expect(await listOutbox(shop.db, recipient.email)).toEqual([]);

    expect(await runDelivery(BIRTHDAY_MIDNIGHT, card.id)).toMatchObject({ claimed: 1, done: 1 });
    const [mail] = await listOutbox(shop.db, recipient.email);
    expect(mail?.subject).toBe('Ana sent you a Skyline Tower gift card');
    expect(mail?.text).toContain('Happy birthday!');
    expect(mail?.text).toContain(card.code.match(/.{4}/g)!.join('-'));
    expect(mail?.text).toContain('$50.00');
    const [delivered] = await shop.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(delivered?.deliveredAt?.toISOString()).toBe(BIRTHDAY_MIDNIGHT.toISOString());
  });

  it('sends a card for today at once, to the buyer when there is no recipient', async () => {
    const { card, buyer } = await bought(2500, null, '2027-05-12');
    expect(await runDelivery(FIXED_NOW, card.id)).toMatchObject({ claimed: 1, done: 1 });
    const [mail] = await listOutbox(shop.db, buyer.email);
    expect(mail?.subject).toBe('Your Skyline Tower gift card');
  });

  it('finds a card by its code, typed in any case and grouping, and refuses unknown codes', async () => {
    const { card } = await bought(10000, null);
    const typed = card.code.toLowerCase().match(/.{4}/g)!.join(' ');
    expect(await lookUpGiftCard(shop.db, typed, '198.51.100.1', FIXED_NOW)).toMatchObject({ status: 'ACTIVE', amount: 10000, balance: 10000, senderName: 'Ana' });
    await expect(lookUpGiftCard(shop.db, 'AAAA-BBBB-CCCC-DDDD', '198.51.100.1', FIXED_NOW)).rejects.toMatchObject({ code: 'NOT_FOUND', key: 'giftCardNotFound' });
    // After its expiry it reads expired, with nothing left to spend.
    expect(await lookUpGiftCard(shop.db, card.code, '198.51.100.1', new Date('2029-06-01T12:00:00Z'))).toMatchObject({ status: 'EXPIRED', balance: 0 });
  });

  it('limits lookups per client address: the 11th guess in 15 minutes is refused, found or not', async () => {
    const { card } = await bought(2500, null);
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i++) await expect(lookUpGiftCard(shop.db, `GUES-SGUE-SSGU-ES${String(i).padStart(2, '2')}`, ip, FIXED_NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const refused = await lookUpGiftCard(shop.db, card.code, ip, FIXED_NOW).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    // Another address is not held back.
    expect(await lookUpGiftCard(shop.db, card.code, '203.0.113.78', FIXED_NOW)).toMatchObject({ balance: 2500 });
  });

  it('lets a manager void a card: its balance leaves in a voided line, the audit log says who and why, a second void is refused', async () => {
    const { card } = await bought(20000, null);
    expect(await voidGiftCard(shop.db, { code: card.code, reason: 'Bought with a stolen card', by: MANAGER }, FIXED_NOW)).toMatchObject({ voided: 20000 });
    const [voided] = await shop.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(voided).toMatchObject({ status: 'VOIDED', balance: 0 });
    const lines = await shop.db.select({ kind: giftCardLines.kind, amount: giftCardLines.amount }).from(giftCardLines).where(eq(giftCardLines.giftCardId, card.id));
    expect(lines).toEqual(expect.arrayContaining([{ kind: 'issued', amount: 20000 }, { kind: 'voided', amount: -20000 }]));
    const [audit] = await shop.db.select().from(auditLog).where(eq(auditLog.action, 'giftcard.void'));
    expect(audit).toMatchObject({ actorEmail: MANAGER.email, target: card.code.match(/.{4}/g)!.join('-'), before: { status: 'ACTIVE', balance: 20000 } });
    expect(audit?.after).toMatchObject({ status: 'VOIDED', reason: 'Bought with a stolen card' });
    await expect(voidGiftCard(shop.db, { code: card.code, reason: 'again', by: MANAGER }, FIXED_NOW)).rejects.toMatchObject({ code: 'ALREADY_CANCELLED' });
    expect(await lookUpGiftCard(shop.db, card.code, '198.51.100.9', FIXED_NOW)).toMatchObject({ status: 'VOIDED', balance: 0 });
    // A voided card is not sent on its date.
    expect(await deliverGiftCard(shop.deps, card.id)).toBe('skipped');
  });

  it('refuses amounts and dates outside the configuration, recording nothing', async () => {
    shop.clock = FIXED_NOW;
    const buyer = await signedUpMember(shop.db, 'refused', 'en');
    const order = { recipient: null, senderName: 'Ana', deliverOn: BIRTHDAY };
    for (const amount of [500, 60000, 2750]) {
      await expect(buyGiftCard(shop.deps, buyer, { ...order, amount }, 'en')).rejects.toMatchObject({ code: 'VALIDATION', key: 'giftCardAmount' });
    }
    for (const deliverOn of ['2027-05-11', '2028-05-12', 'soon']) {
      await expect(buyGiftCard(shop.deps, buyer, { ...order, amount: 5000, deliverOn }, 'en')).rejects.toMatchObject({ code: 'VALIDATION', key: 'giftCardDeliverOn' });
    }
    expect(await shop.db.select().from(giftCards).where(eq(giftCards.buyerUserId, buyer.userId))).toEqual([]);
  });

  const spend = (code: string, wanted: number, reference: string) => shop.db.transaction((tx) => spendGiftCard(tx, { code, wanted, reference }, FIXED_NOW));
  const balanceOf = async (id: string) => (await shop.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balance;
  const linesTotal = async (id: string) => (await shop.db.select().from(giftCardLines).where(eq(giftCardLines.giftCardId, id))).reduce((sum, l) => sum + l.amount, 0);

  it('is spent across three orders to exactly zero, the last taking only what was left', async () => {
    const { card } = await bought(10000, null);
    expect((await spend(card.code, 4000, 'order-1')).taken).toBe(4000);
    expect((await spend(card.code, 3500, 'order-2')).taken).toBe(3500);
    expect(await spend(card.code, 4000, 'order-3')).toMatchObject({ taken: 2500, left: 0 });
    expect(await spend(card.code, 1000, 'order-4')).toMatchObject({ taken: 0, left: 0 });
    expect(await balanceOf(card.id)).toBe(0);
    expect(await linesTotal(card.id)).toBe(0);
    expect(await lookUpGiftCard(shop.db, card.code, '198.51.100.20', FIXED_NOW)).toMatchObject({ status: 'ACTIVE', balance: 0 });
  });

  it('never goes below zero under 10 parallel spends: exactly the balance is taken', async () => {
    const { card } = await bought(5000, null);
    const spends = await Promise.all(Array.from({ length: 10 }, (_, i) => spend(card.code, 1500, `parallel-${i}`)));
    expect(spends.reduce((sum, s) => sum + s.taken, 0)).toBe(5000);
    expect(spends.map((s) => s.taken).sort((a, b) => b - a)).toEqual([1500, 1500, 1500, 500, 0, 0, 0, 0, 0, 0]);
    expect(await balanceOf(card.id)).toBe(0);
    expect(await linesTotal(card.id)).toBe(0);
  });

  it('gives back what an order took, once, restoring the balance', async () => {
    const { card } = await bought(5000, null);
    await spend(card.code, 2000, 'order-held');
    expect(await shop.db.transaction((tx) => giveBackToGiftCard(tx, { giftCardId: card.id, reference: 'order-held' }, FIXED_NOW))).toBe(2000);
    expect(await shop.db.transaction((tx) => giveBackToGiftCard(tx, { giftCardId: card.id, reference: 'order-held' }, FIXED_NOW))).toBe(0);
    expect(await balanceOf(card.id)).toBe(5000);
    const kinds = (await shop.db.select().from(giftCardLines).where(eq(giftCardLines.giftCardId, card.id))).map((l) => l.kind).sort();
    expect(kinds).toEqual(['issued', 'redeemed', 'refunded']);
  });

  it('adds up issued, voided and outstanding value: the liability', async () => {
    const before = await giftCardLiability(shop.db, FIXED_NOW, 'USD');
    const kept = await bought(5000, null);
    const lost = await bought(2500, null);
    await voidGiftCard(shop.db, { code: lost.card.code, reason: 'Refunded by the bank', by: MANAGER }, FIXED_NOW);
    const after = await giftCardLiability(shop.db, FIXED_NOW, 'USD');
    expect(after.issued - before.issued).toBe(7500);
    expect(after.voided - before.voided).toBe(2500);
    expect(after.outstanding - before.outstanding).toBe(5000);
    expect(after.outstanding).toBe(after.issued - after.redeemed - after.voided - after.expired);
    expect(kept.card.balance).toBe(5000);
  });
});
