// The member card (issue #24 deliverable 6, decision 0043), in process on PGlite and PostgreSQL: its
// signed member code verifies at the counter and a forged, foreign or ticket code is refused; and a change
// of the member's points (a paid booking, its admission) records an update of their membership card in
// both wallets, delivered by the `wallet.push` job: Apple devices that registered the card are pushed and
// fetch the new pass from the PassKit web service, Google's loyalty object is rewritten.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket } from '@/modules/gate/scan-ticket';
import { checkMemberCard, memberCard } from '@/modules/program/member-card';
import { MEMBER_CODE_PREFIX, signMemberCode, verifyMemberCode } from '@/modules/program/member-codes';
import { appleWebService, passAuthenticationToken, type AppleWebServiceDeps, type WebServiceRequest } from '@/modules/wallet/apple-web-service';
import { pushToWallet, type WalletPushDeps } from '@/modules/wallet/deliver-pass-updates';
import { memberCardSerial } from '@/modules/wallet/member-wallet-card';
import { AppError } from '@/server/errors';
import { jobs, users } from '@/server/db/schema';
import { newSigningSeed, privateKeyFromSeed } from '@/server/ticket-keys';
import { addLocalDays } from '@/universal/local-date';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';
import { testPassAuthority, unzipStored } from '../support/pass-authority';

const PASS_TYPE = 'pass.example.skypass';
const authority = testPassAuthority(PASS_TYPE);
const ISSUER = '3388000000022222222';

/** The refusal's error key, or 'accepted'. */
async function refusal(check: Promise<unknown>): Promise<string> {
  try {
    await check;
    return 'accepted';
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

describe.each(TEST_BACKENDS)('the member card on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  it('signs a member code that the counter verifies, and refuses a forged, foreign or ticket code', async () => {
    const member = await signedUpMember(shop.db, 'card', 'en');
    const card = (await memberCard(shop.db, member.userId, 'en', shop.now()))!;
    expect(card).toMatchObject({ memberId: member.userId, name: 'Ana Lima', tier: { id: 'explorer', name: 'Explorer' }, points: 0, nextBooking: null });
    expect(card.code.startsWith(MEMBER_CODE_PREFIX)).toBe(true);
    expect(await checkMemberCard(shop.db, card.code, 'de')).toEqual({ memberId: member.userId, name: 'Ana Lima', tier: { id: 'explorer', name: 'Entdecker' } });

    // Another member's id under this member's signature: forged.
    const other = await signedUpMember(shop.db, 'other', 'en');
    const [, signature] = card.code.slice(MEMBER_CODE_PREFIX.length).split('.');
    const swapped = `${MEMBER_CODE_PREFIX}${Buffer.from(JSON.stringify([other.userId])).toString('base64url')}.${signature}`;
    expect(verifyMemberCode(swapped)).toEqual({ valid: false, reason: 'forged' });
    expect(await refusal(checkMemberCard(shop.db, swapped, 'en'))).toBe('422 memberCodeForged');
    // Signed with a key that is not the shop's.
    const foreign = signMemberCode(member.userId, { privateKey: privateKeyFromSeed(newSigningSeed()) });
    expect(await refusal(checkMemberCard(shop.db, foreign, 'en'))).toBe('422 memberCodeForged');
    // A ticket's code, or no code at all.
    const ticketLike = card.code.replace(MEMBER_CODE_PREFIX, 'SKT1.');
    expect(await refusal(checkMemberCard(shop.db, ticketLike, 'en'))).toBe('422 memberCodeMalformed');
    expect(await refusal(checkMemberCard(shop.db, 'SKY-7F3K9Q', 'en'))).toBe('422 memberCodeMalformed');
    // A genuine code of a member who has since deleted their account.
    const gone = await signedUpMember(shop.db, 'gone', 'en');
    const goneCode = signMemberCode(gone.userId);
    await shop.db.delete(users).where(eq(users.id, gone.userId));
    expect(await refusal(checkMemberCard(shop.db, goneCode, 'en'))).toBe('404 memberCodeUnknown');
  });

  it('updates the membership card in both wallets when the member’s points change', async () => {
    const member = await signedUpMember(shop.db, 'wallet-card', 'en');
    const walletJobs = async () => (await shop.db.select().from(jobs).where(and(eq(jobs.kind, 'wallet.push'), eq(jobs.status, 'pending')))).map((job) => job.payload);

    // No card in any wallet yet: a booking pushes nothing.
    const service: AppleWebServiceDeps = { db: shop.db, config: authority.config, secret: crypto.randomBytes(32).toString('hex'), siteUrl: 'https://tickets.example', logLimits: { perAddress: { max: 100, windowMs: 900_000 }, overall: { max: 100, windowMs: 900_000 } } };
    const serial = await memberCardSerial(shop.db, member.userId, shop.now());
    expect(await memberCardSerial(shop.db, member.userId, shop.now())).toBe(serial);
    const web = (request: Omit<WebServiceRequest, 'clientIp'>) => appleWebService(service, { clientIp: '127.0.0.1', ...request });
    const authorization = `ApplePass ${passAuthenticationToken(service.secret, serial)}`;
    const device = `device${crypto.randomBytes(6).toString('hex')}`;
    const pushToken = crypto.randomBytes(32).toString('hex');
    expect((await web({ method: 'POST', segments: ['v1', 'devices', device, 'registrations', PASS_TYPE, serial], authorization, body: { pushToken } })).status).toBe(201);

    // A paid booking for tomorrow's noon slot: its points are pending, and the card's next booking changes.
    const day = addLocalDays('2027-05-12', 1);
    const slots = await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day });
    const slot = slots.find((s) => s.id.includes('T12:00'))!;
    const checkout = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot.id }, 'en');
    await (shop.deps.gateway as ReturnType<typeof createTestGateway>).pay(checkout.paymentSession.id, TEST_CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    expect(await walletJobs()).toEqual(
      expect.arrayContaining([
        { wallet: 'apple', target: pushToken, topic: PASS_TYPE },
        { wallet: 'google', target: serial, topic: null, pass: 'member-card' },
      ]),
    );

    const pushes: string[] = [];
    const patches: { id: string; fields: { loyaltyPoints: { balance: { int: number } }; textModulesData: { id: string; body: string }[] } }[] = [];
    const wallets: WalletPushDeps = {
      db: shop.db,
      apple: { push: async (token) => (pushes.push(token), { status: 200 }), close: () => {} },
      google: { issuerId: ISSUER, objects: { deactivate: async () => ({ status: 404 }), updateLoyalty: async (id, fields) => (patches.push({ id, fields: fields as (typeof patches)[number]['fields'] }), { status: 200 }) } },
    };
    const deliver = () => runJobs(shop.db, { 'wallet.push': (push) => pushToWallet(wallets, push) }, shop.now());
    await deliver();
    expect(pushes).toEqual([pushToken]);
    expect(patches.map((p) => p.id)).toEqual([`${ISSUER}.${serial}`]);
    expect(patches[0]!.fields.loyaltyPoints.balance.int).toBe(0);
    expect(patches[0]!.fields.textModulesData).toEqual([
      { id: 'tier', header: 'Tier', body: 'Explorer' },
      { id: 'next', header: 'Next visit', body: `Main Deck, Thursday 5/13/2027, 12:00 PM` },
    ]);

    // The ticket scanned: 100 points confirmed; the card is updated again, and the device, told so, finds
    // the serial among those updated and fetches the pass with the new balance.
    const tag = String(shop.now().getTime());
    shop.clock = new Date(new Date(slot.id).getTime() + 5 * 60_000);
    expect(await scanTicket(shop.gate, { code: order.tickets![0]!.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
    await deliver();
    expect(pushes).toEqual([pushToken, pushToken]);
    expect(patches.at(-1)!.fields.loyaltyPoints.balance.int).toBe(100);
    const listed = await web({ method: 'GET', segments: ['v1', 'devices', device, 'registrations', PASS_TYPE], passesUpdatedSince: tag });
    expect(listed).toMatchObject({ status: 200, json: { serialNumbers: [serial] } });
    const latest = await web({ method: 'GET', segments: ['v1', 'passes', PASS_TYPE, serial], authorization });
    expect(latest.status).toBe(200);
    const pass = JSON.parse(unzipStored(latest.pass!).get('pass.json')!.toString());
    expect(pass).toMatchObject({ serialNumber: serial, storeCard: { headerFields: [{ key: 'points', value: 100 }] }, barcodes: [{ message: signMemberCode(member.userId) }] });
  });
});
