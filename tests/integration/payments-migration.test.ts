// The migration into the payments ledger (decision 0028), on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// a database at the schema before the ledger, holding every kind of payment and refund recorded then, is
// migrated; every session becomes a payment with the right state, every refund a refund row, and the
// orders and changes point to their payments.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { TEST_BACKENDS } from '../support/database';

const MIGRATIONS = path.join(process.cwd(), 'drizzle');

/** A copy of the migrations folder that stops before the ledger's first migration. */
function migrationsBeforeLedger(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith('_payments_ledger'));
  expect(cut).toBeGreaterThan(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const kept = journal.entries.slice(0, cut);
  for (const entry of kept) fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return dir;
}

const order = (id: string, uuid: string, status: string, session: string, amount: number, extra: Record<string, string> = {}) => {
  const columns: Record<string, string> = {
    id: `'${id}'`,
    booking_uuid: `'${uuid}'`,
    supplier_reference: `'SKY-${uuid}'`,
    user_id: `'u1'`,
    status: `'${status}'`,
    product_id: `'main-deck'`,
    option_id: `'main-deck-day'`,
    product_title: `'Main deck'`,
    option_title: `'Day'`,
    availability_id: `'2026-12-01T10:00:00-05:00'`,
    lines: `'[{"unitId":"adult","title":"Adult","quantity":2,"unitPrice":4400}]'`,
    total: String(amount),
    currency: `'USD'`,
    locale: `'en'`,
    payment_provider: `'test'`,
    payment_session_id: `'${session}'`,
    payment_session: `'{"id":"${session}","amount":${amount},"currency":"USD"}'`,
    hold_expires_at: 'now()',
    ...extra,
  };
  return `insert into orders (${Object.keys(columns).join(', ')}) values (${Object.values(columns).join(', ')})`;
};

const change = (id: string, orderId: string, status: string, extra: Record<string, string>) => {
  const columns: Record<string, string> = {
    id: `'${id}'`,
    order_id: `'${orderId}'`,
    from_availability_id: `'a'`,
    to_availability_id: `'b'`,
    from_lines: `'[]'`,
    to_lines: `'[]'`,
    from_total: '0',
    to_total: '0',
    status: `'${status}'`,
    created_at: "now() - interval '1 day'",
    ...extra,
  };
  return `insert into booking_changes (${Object.keys(columns).join(', ')}) values (${Object.values(columns).join(', ')})`;
};

const A = '00000000-0000-4000-8000-00000000000a';
const E = '00000000-0000-4000-8000-00000000000e';
const C1 = '00000000-0000-4000-8000-0000000000c1';
const C2 = '00000000-0000-4000-8000-0000000000c2';
const C3 = '00000000-0000-4000-8000-0000000000c3';
const C4 = '00000000-0000-4000-8000-0000000000c4';

/** One of each: a cancelled booking changed down (1000 back), then up (2000 paid), then cancelled with
 * 5000 back; a paid change refunded; a released change still swept; a late payment refunded; a pending
 * order; an abandoned one; a cancellation whose refund failed. */
const BEFORE = [
  `insert into users (id, email) values ('u1', 'ledger@example.com')`,
  order(A, 'bu-a', 'CANCELLED', 'cs_a', 4400, { total: '5400', refunded_amount: '1000', paid_at: "now() - interval '3 days'", confirmed_at: "now() - interval '3 days'", next_payment_check_at: 'null' }),
  change(C1, A, 'DONE', { from_total: '4400', to_total: '3400', refund_amount: '1000', refunded_at: "now() - interval '2 days'" }),
  change(C2, A, 'DONE', { from_total: '3400', to_total: '5400', pay_amount: '2000', payment_session_id: `'cs_c2'`, payment_session: `'{"id":"cs_c2","amount":2000,"currency":"USD"}'`, paid_at: "now() - interval '1 day'" }),
  change(C3, A, 'REFUNDED', { pay_amount: '6000', payment_session_id: `'cs_c3'`, payment_session: `'{"id":"cs_c3","amount":6000,"currency":"USD"}'`, refund_amount: '6000', refunded_at: 'now()' }),
  change(C4, A, 'RELEASED', { pay_amount: '6000', payment_session_id: `'cs_c4'`, payment_session: `'{"id":"cs_c4","amount":6000,"currency":"USD"}'`, next_payment_check_at: 'now()' }),
  `insert into booking_cancellations (booking_uuid, supplier_reference, order_id, refund_amount, currency, refund_status, by_kind, refunded_at) values ('bu-a', 'SKY-bu-a', '${A}', 5000, 'USD', 'refunded', 'staff', now())`,
  order('00000000-0000-4000-8000-00000000000b', 'bu-b', 'REFUNDED', 'cs_b', 8800, { refunded_at: 'now()', next_payment_check_at: 'null' }),
  order('00000000-0000-4000-8000-00000000000c', 'bu-c', 'PENDING_PAYMENT', 'cs_c', 8800, { payment_provider: `'stripe'` }),
  order('00000000-0000-4000-8000-00000000000d', 'bu-d', 'PENDING_PAYMENT', 'cs_d', 8800, { next_payment_check_at: 'null' }),
  order(E, 'bu-e', 'CANCELLED', 'cs_e', 8800, { paid_at: 'now()', confirmed_at: 'now()' }),
  `insert into booking_cancellations (booking_uuid, supplier_reference, order_id, refund_amount, currency, refund_status, by_kind, last_error) values ('bu-e', 'SKY-bu-e', '${E}', 4400, 'USD', 'pending', 'member', 'gateway down')`,
  // Waitlist offers of some of those orders that the waitlist job had not settled yet.
  ...['a', 'b', 'c', 'd'].map(
    (o, i) =>
      `insert into waitlist_entries (id, user_id, product_id, option_id, availability_id, slot_start, quantities, places, locale, status, order_id) values ('00000000-0000-4000-8000-0000000000f${o}', 'u1', 'main-deck', 'main-deck-day', '2026-12-0${i + 1}T10:00:00-05:00', '2026-12-0${i + 1}T15:00:00Z', '{"adult":2}', 2, 'en', 'OFFERED', '00000000-0000-4000-8000-00000000000${o}')`,
  ),
];

type Query = (sql: string) => Promise<Record<string, unknown>[]>;
type Backend = { query: Query; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

async function openBackend(adminUrl: string | undefined): Promise<Backend & { postgres?: TestDatabase }> {
  if (adminUrl) {
    const postgres = await createTestDatabase(adminUrl, { empty: true });
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: postgres.url, max: 2 });
    return {
      postgres,
      query: async (sql) => (await pool.query(sql)).rows,
      migrate: (folder) => migrate(drizzle({ client: pool }), { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await postgres.drop();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  return {
    query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
    migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

describe.each(TEST_BACKENDS)('migrating into the payments ledger on $name', ({ adminUrl }) => {
  let backend: Awaited<ReturnType<typeof openBackend>>;
  let before: string;

  beforeAll(async () => {
    backend = await openBackend(adminUrl);
    before = migrationsBeforeLedger();
    await backend.migrate(before);
    for (const statement of BEFORE) await backend.query(statement);
    await backend.migrate(MIGRATIONS);
  });
  afterAll(async () => {
    await backend?.close();
    if (before) fs.rmSync(before, { recursive: true, force: true });
  });

  it('makes every session a payment in the state its order or change was in', async () => {
    const rows = await backend.query(
      `select gateway_session_id as session, purpose, reference_id, amount, gateway, state, exists (select 1 from jobs j where j.kind = 'payments.check' and j.dedupe_key = 'payments.check:' || payments.id and j.status = 'pending') as checked, confirmed_at is not null as confirmed from payments order by 1`,
    );
    expect(rows).toEqual([
      { session: 'cs_a', purpose: 'order', reference_id: A, amount: 4400, gateway: 'test', state: 'confirmed', checked: false, confirmed: true },
      { session: 'cs_b', purpose: 'order', reference_id: '00000000-0000-4000-8000-00000000000b', amount: 8800, gateway: 'test', state: 'refunded', checked: false, confirmed: false },
      { session: 'cs_c', purpose: 'order', reference_id: '00000000-0000-4000-8000-00000000000c', amount: 8800, gateway: 'stripe', state: 'pending', checked: true, confirmed: false },
      { session: 'cs_c2', purpose: 'change', reference_id: C2, amount: 2000, gateway: 'test', state: 'confirmed', checked: false, confirmed: true },
      { session: 'cs_c3', purpose: 'change', reference_id: C3, amount: 6000, gateway: 'test', state: 'refunded', checked: false, confirmed: false },
      { session: 'cs_c4', purpose: 'change', reference_id: C4, amount: 6000, gateway: 'test', state: 'pending', checked: true, confirmed: false },
      { session: 'cs_d', purpose: 'order', reference_id: '00000000-0000-4000-8000-00000000000d', amount: 8800, gateway: 'test', state: 'expired', checked: false, confirmed: false },
      { session: 'cs_e', purpose: 'order', reference_id: E, amount: 8800, gateway: 'test', state: 'confirmed', checked: false, confirmed: true },
    ]);
    const unpointed = await backend.query(
      `select count(*)::int as n from orders o left join payments p on p.id = o.payment_id where p.gateway_session_id is null or p.reference_id <> o.id::text`,
    );
    expect(unpointed).toEqual([{ n: 0 }]);
    const changes = await backend.query(`select c.id, p.gateway_session_id as session from booking_changes c left join payments p on p.id = c.payment_id order by c.id`);
    expect(changes).toEqual([
      { id: C1, session: null },
      { id: C2, session: 'cs_c2' },
      { id: C3, session: 'cs_c3' },
      { id: C4, session: 'cs_c4' },
    ]);
  });

  it('makes every refund recorded before a refund of the payment it came from, never past it', async () => {
    const rows = await backend.query(
      `select p.gateway_session_id as session, r.amount, r.idempotency_key as key, r.state, r.last_error from refunds r join payments p on p.id = r.payment_id order by 1, 3`,
    );
    expect(rows).toEqual([
      // The cancellation's 5000: the paid difference (2000) first, then the booking's own payment.
      { session: 'cs_a', amount: 3000, key: 'cancelled:bu-a', state: 'done', last_error: null },
      { session: 'cs_a', amount: 1000, key: `change:${C1}`, state: 'done', last_error: null },
      { session: 'cs_b', amount: 8800, key: 'late', state: 'done', last_error: null },
      { session: 'cs_c2', amount: 2000, key: 'cancelled:bu-a', state: 'done', last_error: null },
      { session: 'cs_c3', amount: 6000, key: `change:${C3}`, state: 'done', last_error: null },
      { session: 'cs_e', amount: 4400, key: 'cancelled:bu-e', state: 'pending', last_error: 'gateway down' },
    ]);
    const over = await backend.query(`select count(*)::int as n from payments p where (select coalesce(sum(amount), 0) from refunds r where r.payment_id = p.id) > p.amount`);
    expect(over).toEqual([{ n: 0 }]);
  });

  it('gives the refund left pending its retry job (decision 0032), and the done ones none', async () => {
    const rows = await backend.query(
      `select j.kind, j.status, j.attempts, j.dedupe_key = 'refund:' || r.id as keyed from jobs j join refunds r on r.id::text = j.payload->>'refundId' order by 1`,
    );
    expect(rows).toEqual([{ kind: 'refunds.retry', status: 'pending', attempts: 0, keyed: true }]);
  });

  it('settles the offers the waitlist job had not settled yet with their orders (decision 0032)', async () => {
    const rows = await backend.query(`select right(order_id::text, 1) as "order", status, closed_at is not null as closed from waitlist_entries order by 1`);
    expect(rows).toEqual([
      // Paid (then cancelled): booked. Refunded: over. Its payment open: still offered. Its payment expired: over.
      { order: 'a', status: 'BOOKED', closed: true },
      { order: 'b', status: 'EXPIRED', closed: true },
      { order: 'c', status: 'OFFERED', closed: false },
      { order: 'd', status: 'EXPIRED', closed: true },
    ]);
  });

  it('drops the columns the ledger replaces', async () => {
    const gone = await backend.query(
      `select table_name || '.' || column_name as col from information_schema.columns where table_schema = 'public' and (
        (table_name = 'orders' and column_name in ('payment_provider', 'payment_session_id', 'payment_session', 'refunded_amount', 'next_payment_check_at'))
        or (table_name = 'booking_changes' and column_name in ('payment_session_id', 'payment_session', 'paid_at', 'completion_lease_until', 'next_payment_check_at', 'refunded_at'))
        or (table_name = 'booking_cancellations' and column_name in ('refund_status', 'refunded_at', 'last_error')))`,
    );
    expect(gone).toEqual([]);
  });
});
