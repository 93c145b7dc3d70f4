// The checkout's use cases on one test database, with the embedded adapters (local supplier, test
// gateway, outbox), and members signed up the way the site signs them up.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, vi } from 'vitest';
import { createOutboxTransport } from '@/adapters/mail/outbox';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { signUp } from '@/modules/accounts/sign-up';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import type { GateDeps } from '@/modules/gate/scan-ticket';
import { newestProgram, unloadProgram } from '@/modules/program/program-cache';
import { saveProgram } from '@/modules/program/program-versions';
import type { Program } from '@/config/program-schema';
import { serverNow } from '@/server/clock';
import { newSigningSeed } from '@/server/ticket-keys';
import type { Database } from '@/server/db/client';
import { payments, users } from '@/server/db/schema';
import { openBackendDatabase } from './database';

export function embeddedCheckoutDeps(db: Database, now: () => Date): CheckoutDeps & { gateway: ReturnType<typeof createTestGateway> } {
  return {
    db,
    // As the website's wiring: members' extra tickets honoured (decision 0038).
    supplier: createLocalSupplier(db, { resellerId: 'website', now, memberPerks: true }),
    gateway: createTestGateway(db, now),
    mail: createOutboxTransport(async () => db),
    holdMinutes: 30,
    siteUrl: 'http://localhost:3000',
    now,
  };
}

/** The test gateway's card that pays. */
export const TEST_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
/** A gate user of the test sites, as the gate's use cases see them. */
export const GATE_STAFF = { kind: 'staff' as const, userId: 'gate-1', email: 'gate-1@staff.example' };
/** A manager, as the versioned documents' editors (the program, the catalogue) see them. */
export const TEST_MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager@staff.example' };

const CONTACTS = {
  en: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+12125550100', country: 'US' },
  fr: { firstName: 'Lea', lastName: 'Roux', phoneNumber: '+33612345678', country: 'FR' },
  nl: { firstName: 'Jan', lastName: 'Smit', phoneNumber: '+31612345678', country: 'NL' },
} as const;

/** A new member (an address of its own, labelled for the logs), in English, French or Dutch. */
export async function signedUpMember(db: Database, label: string, locale: keyof typeof CONTACTS = 'fr') {
  const email = `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await signUp(db, { email, contact: { ...CONTACTS[locale], postalCode: undefined, marketingOptIn: false }, locale });
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { userId: user!.id, email };
}

/** The gateway session of an order's own payment (the payments ledger keeps it). */
export async function sessionIdOf(db: Database, order: { paymentId: string }): Promise<string> {
  const [row] = await db.select({ id: payments.gatewaySessionId }).from(payments).where(eq(payments.id, order.paymentId));
  return row!.id;
}

/** A test file's shop on a fresh database of one backend (TEST_BACKENDS): the embedded adapters, our gate,
 * and a clock the tests move (`shop.clock`; unset, the server clock). Call it inside the file's describe:
 * it opens the database before the tests and disposes of it after. */
export type EmbeddedShop = {
  db: Database;
  deps: ReturnType<typeof embeddedCheckoutDeps>;
  gate: GateDeps;
  clock: Date | undefined;
  now: () => Date;
};


type ShopOptions = {
  /** Gate tests sign and verify tickets: a key of their own. */
  signingKey?: boolean;
  /** The file's own program, from the demo's: saved as a manager saves one, in force for the file's tests and
   * forgotten after them (a module mock would stay in a worker that runs several files, decision 0072). */
  program?: (demo: Program) => Program;
};

export function useEmbeddedShop(adminUrl: string | undefined, options: ShopOptions = {}): EmbeddedShop {
  let database: Awaited<ReturnType<typeof openBackendDatabase>> | undefined;
  const shop = { clock: undefined, now: () => shop.clock ?? serverNow() } as EmbeddedShop;
  beforeAll(async () => {
    if (options.signingKey) vi.stubEnv('TICKET_SIGNING_KEY', newSigningSeed());
    database = await openBackendDatabase(adminUrl);
    shop.db = database.db;
    if (options.program) {
      const demo = await newestProgram(database.db);
      const document = options.program(structuredClone(demo.program));
      const saved = await saveProgram(database.db, { document, baseVersion: demo.version, reason: 'the test file’s program', by: TEST_MANAGER }, serverNow());
      if (!saved.saved) throw new Error(`the test file's program was refused: ${JSON.stringify(saved.issues)}`);
    }
    shop.deps = embeddedCheckoutDeps(database.db, shop.now);
    shop.gate = { db: database.db, supplier: shop.deps.supplier, toleranceMinutes: 30, ownInventory: true, now: shop.now };
  });
  afterAll(async () => {
    if (options.signingKey) vi.unstubAllEnvs();
    if (options.program) unloadProgram();
    await database?.dispose();
  });
  return shop;
}
