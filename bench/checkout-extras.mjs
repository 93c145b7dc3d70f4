// What a promo code, a gift card and an add-on add to the server's time per order (issue #25's benchmark), in one run:
//   node bench/checkout-extras.mjs [--orders=100]      (needs a build: npx next build)
// The built site on a fresh embedded database (BENCH_DATABASE_URL: a PostgreSQL server instead). A manager
// creates a 10 % promo code for the Main Deck; members buy gift cards of 20.00 through the test card (one per
// order, so that every order's card pays the same part) and read their codes from the e-mail. Then, one order
// at a time, plain and extras orders alternate (the same members, the same slots, in turn): an order's server
// time is its Book (POST /api/auth/octo/bookings/payWithPayment) plus its payment and completion (POST
// /api/payments/test/pay), as the client waits for them. An extras order's Book carries the promo code, the
// gift card and a souvenir photo: one adult, 44.00 less 10 % is 39.60, the photo 15.00 at list price (decision
// 0050), the card pays 20.00, the gateway 34.60. The added time is
// the difference of the medians (p50) and of the 99th percentiles of the two kinds, and, order by order, the
// median of each extras order's time less its plain neighbour's. Writes the figures into README.md.
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { browserClient, createDatabase } from './client.mjs';
import { startBenchSite } from './site.mjs';

const option = (name, fallback) => {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const ORDERS = Number(option('orders', 100));
const MEMBERS = 10;
const WARM_UP = 10;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const GIFT_CARD = 2000;
const PHOTO = 1500;
const PROMO = 'BENCH10';
const MANAGER = 'manager@bench.example';
const adminUrl = process.env.BENCH_DATABASE_URL;

const database = adminUrl ? await createDatabase(adminUrl) : undefined;
const { url, stop } = await startBenchSite('127.0.0.1', {
  TRUST_PROXY: 'true',
  MANAGER_EMAILS: MANAGER,
  RATE_LIMIT_SIGNIN_PER_IP: '1000/15m',
  RATE_LIMIT_SIGNIN_PER_EMAIL: '1000/15m',
  RATE_LIMIT_BOOK_PER_MEMBER: '100000/15m',
  RATE_LIMIT_BOOK_PER_IP: '100000/15m',
  RATE_LIMIT_GIFT_CARD_LOOKUP_PER_IP: '100000/15m',
  RATE_LIMIT_GIFT_CARD_LOOKUP: '100000/15m',
  ...(database ? { DATABASE_URL: database.url } : {}),
});

const sorted = (values) => [...values].sort((a, b) => a - b);
const percentile = (values, p) => sorted(values)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const ms = (value) => `${value.toFixed(1)} ms`;

async function expectOk(response, what) {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Polls `read` until it answers something, for at most 30 s. */
async function eventually(read, what) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await read();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not there after 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A gift card of 20.00 bought and paid by `member`; its code read from its e-mail (sent at once for today). */
async function buyGiftCard(member, today) {
  const before = (await member.outbox()).length;
  const { paymentSession } = await expectOk(await member.json('/api/gift-cards/buy', { amount: GIFT_CARD, recipient: null, senderName: 'Bench', deliverOn: today }), 'buy a gift card');
  await expectOk(await member.json('/api/payments/test/pay', { sessionId: paymentSession.id, card: CARD }), 'pay for a gift card');
  const mail = await eventually(async () => {
    const mails = await member.outbox();
    return mails.length > before ? mails.find((m) => /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.test(m.text)) : undefined;
  }, 'the gift card e-mail');
  return mail.text.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)[0];
}

try {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const manager = browserClient(url, MANAGER);
  await manager.signIn({ join: false });
  await expectOk(await manager.json('/api/staff/promos', { code: PROMO, kind: 'percent', value: 10, productIds: ['main-deck'] }), 'create the promo code');

  // Slots of the days ahead: every order takes the next one in turn, a plain order and its extras neighbour the same.
  const slots = [];
  for (let ahead = 10; slots.length < 40; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const found = await (await fetch(`${url}/octo/availability`, {
      method: 'POST',
      headers: { authorization: 'Bearer skypass-demo-octo-key', 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day }),
    })).json();
    slots.push(...found.filter((s) => s.available).map((s) => s.id));
  }

  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = browserClient(url);
    await member.signIn();
    members.push(member);
  }
  const pairs = ORDERS + WARM_UP;
  const cards = [];
  for (let i = 0; i < pairs; i++) cards.push(await buyGiftCard(members[i % MEMBERS], today));

  /** One order, timed as its client waits: Book, then the payment that completes it. */
  async function order(member, selectedTime, extras) {
    const start = performance.now();
    const started = await expectOk(
      await member.json('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime, ...extras }),
      'Book',
    );
    const book = performance.now() - start;
    const paid = await expectOk(await member.json('/api/payments/test/pay', { sessionId: started.paymentSession.id, card: CARD }), 'pay');
    const total = performance.now() - start;
    if (paid.order?.status !== 'CONFIRMED') throw new Error(`an order ended ${paid.order?.status}`);
    return { book, total, charged: started.paymentSession.amount };
  }

  const plain = [];
  const extras = [];
  for (let i = 0; i < pairs; i++) {
    const member = members[i % MEMBERS];
    const selectedTime = slots[i % slots.length];
    // The extras order: the promo code, a gift card and an add-on (a photo: 20 per slot, 40 slots take turns).
    const EXTRAS = { promoCode: PROMO, giftCard: cards[i], addons: { 'souvenir-photo': 1 } };
    // Which kind goes first alternates, so that neither always meets a warmer cache.
    const [a, b] = i % 2 === 0 ? [await order(member, selectedTime, {}), await order(member, selectedTime, EXTRAS)] : [null, null];
    const [c, d] = i % 2 === 1 ? [await order(member, selectedTime, EXTRAS), await order(member, selectedTime, {})] : [null, null];
    const p = a ?? d;
    const x = b ?? c;
    if (p.charged !== 4400 || x.charged !== 4400 - 440 + PHOTO - GIFT_CARD) throw new Error(`charged ${p.charged} and ${x.charged}: the promo, the add-on or the card did not apply`);
    if (i >= WARM_UP) {
      plain.push(p);
      extras.push(x);
    }
  }

  const figure = (rows, key) => ({ p50: percentile(rows.map((r) => r[key]), 50), p99: percentile(rows.map((r) => r[key]), 99) });
  const result = {
    orders: ORDERS,
    plain: { book: figure(plain, 'book'), total: figure(plain, 'total') },
    extras: { book: figure(extras, 'book'), total: figure(extras, 'total') },
    pairedMedian: { book: percentile(extras.map((x, i) => x.book - plain[i].book), 50), total: percentile(extras.map((x, i) => x.total - plain[i].total), 50) },
  };
  const added = (key, p) => result.extras[key][p] - result.plain[key][p];
  const stamp = new Date().toISOString().slice(0, 10);
  const backend = database ? 'PostgreSQL' : 'embedded database';
  const rows = [
    `| Book + payment (server time per order) | ${ms(result.plain.total.p50)} / ${ms(result.plain.total.p99)} | ${ms(result.extras.total.p50)} / ${ms(result.extras.total.p99)} | **${ms(added('total', 'p50'))}** / ${ms(added('total', 'p99'))} | ${ms(result.pairedMedian.total)} |`,
    `| of which Book | ${ms(result.plain.book.p50)} / ${ms(result.plain.book.p99)} | ${ms(result.extras.book.p50)} / ${ms(result.extras.book.p99)} | ${ms(added('book', 'p50'))} / ${ms(added('book', 'p99'))} | ${ms(result.pairedMedian.book)} |`,
  ].join('\n');
  const table = `<!-- bench:checkout-extras:start -->\nA promo code, a gift card and a souvenir photo add-on at checkout (issue #25), ${ORDERS} orders of each kind one at a time after ${WARM_UP} of warm-up, interleaved, one adult on the Main Deck, ${backend}, ${os.cpus().length} cores at a load average of ${os.loadavg()[0].toFixed(1)} (${stamp}, \`node bench/checkout-extras.mjs\`):\n\n| | plain p50 / p99 | promo + gift card + add-on p50 / p99 | added p50 / p99 | added, median of pairs |\n|---|---|---|---|---|\n${rows}\n<!-- bench:checkout-extras:end -->`;
  const readme = fs.readFileSync('README.md', 'utf8');
  fs.writeFileSync(
    'README.md',
    readme.includes('<!-- bench:checkout-extras:start -->') ? readme.replace(/<!-- bench:checkout-extras:start -->[\s\S]*<!-- bench:checkout-extras:end -->/, table) : readme.replace('<!-- bench:end -->', `<!-- bench:end -->\n\n${table}`),
  );
  console.log(table);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/checkout-extras-${Date.now()}.json`, JSON.stringify(result, null, 2));
} finally {
  stop();
  await database?.drop();
}
