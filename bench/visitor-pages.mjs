// Every visitor and member page of the site (src/pages, less /staff, /api and /dev), with what each needs to
// show its real content: a signed-in member, a booking, an on-sale, a gift card, an annual pass. Shared by
// bench/lighthouse.mjs and bench/page-weight.mjs, so both measure the same pages.
// Left out: /onsale (a redirect to a waiting room or /products, nothing of its own to show) and /500 (shown
// only when a page fails on the server).
import { browserClient } from './client.mjs';
import { startBenchSite } from './site.mjs';

const MANAGER = 'manager@bench.example';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const GIFT_CARD_CODE = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/;

/**
 * `name` is the row in the tables; `path(fixtures)` the address opened; `as` whose cookies the browser sends
 * ('member', 'friend' or none); `lands` the path the page must end on (a redirect to /login would measure the
 * wrong page).
 */
export const PAGES = [
  { name: '/', path: () => '/' },
  { name: '/products', path: () => '/products' },
  // Signed in: the annual pass offer and the member's prices.
  { name: '/products (member)', path: () => '/products', as: 'member' },
  { name: '/login', path: () => '/login' },
  { name: '/signup', path: () => '/signup' },
  { name: '/verifyRequest', path: () => '/verifyRequest' },
  { name: '/accessibility', path: () => '/accessibility' },
  { name: '/error', path: () => '/error?error=Verification' },
  { name: '404', path: () => '/no-such-page', status: 404 },
  { name: '/gift-cards', path: () => '/gift-cards' },
  { name: '/gift-cards (member)', path: () => '/gift-cards', as: 'member' },
  { name: '/gift-cards/[code]', path: (f) => `/gift-cards/${f.giftCardCode}` },
  // An unknown code: the page says why not (a real guest pass needs a member of a higher tier).
  { name: '/join/[code]', path: () => '/join/bench-unknown-code' },
  // The member: an annual pass, a paid booking to come, an open payment session.
  { name: '/profile', path: () => '/profile', as: 'member' },
  { name: '/profile/card', path: () => '/profile/card', as: 'member' },
  // Another member opening the link of an annual pass given to them.
  { name: '/profile?claimPass', path: (f) => `/profile?claimPass=${f.giftPassCode}`, as: 'friend' },
  { name: '/bookings/[reference]', path: (f) => `/bookings/${f.reference}`, as: 'member' },
  // The open payment session of a booking made through the API, as the member's Book makes it (not paid).
  { name: '/checkout', path: (f) => `/checkout?uuid=${f.unpaidBookingId}`, as: 'member' },
  // A scheduled on-sale's waiting room (the pre-queue).
  { name: '/onsale/[id]', path: (f) => `/onsale/${f.onsaleId}`, as: 'member' },
];

/** The bench site with limits out of the way of repeated page loads and a manager to schedule an on-sale. */
export function startPagesSite() {
  return startBenchSite('localhost', {
    MANAGER_EMAILS: MANAGER,
    RATE_LIMIT_BOOK_PER_MEMBER: '100/15m',
    RATE_LIMIT_BOOK_PER_IP: '100/15m',
    RATE_LIMIT_GIFT_CARD_LOOKUP_PER_IP: '1000/15m',
    RATE_LIMIT_LOOKUP_PER_IP: '1000/15m',
  });
}

const newYorkDay = (daysAhead) => new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

async function expectOk(response, what) {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The newest e-mail to `client` that matches `pattern`, waited for (the job runner sends some), at most 30 s. */
async function mailMatching(client, pattern, what) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await client.outbox()).find((m) => pattern.test(m.text));
    if (found) return found.text.match(pattern)[0];
    if (Date.now() > deadline) throw new Error(`${what}: no e-mail after 30 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A hold of one adult on the Main Deck's next slot on sale from `fromDay` days ahead on: its payment session. */
async function hold(member, fromDay) {
  for (let day = fromDay; day < fromDay + 5; day++) {
    const quantities = { adult: 1 };
    const res = await member.json('/api/auth/octo/products/availability', { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedDate: newYorkDay(day) });
    const slot = (await res.json()).find((s) => s.available);
    if (!slot) continue;
    return expectOk(await member.json('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime: slot.id }), 'payWithPayment');
  }
  throw new Error(`no slot on sale from day ${fromDay} on`);
}

/** Everything the pages above show, made through the API as a member's browser would. */
export async function preparePages(url) {
  const member = browserClient(url);
  const friend = browserClient(url);
  await member.signIn();
  await friend.signIn();

  // A paid booking to come (its page offers a change and a cancellation) and an open payment session.
  const paid = await hold(member, 1);
  const {
    order: { reference },
  } = await expectOk(await member.json('/api/payments/test/pay', { sessionId: paid.paymentSession.id, card: CARD }), 'pay the booking');
  const { bookingId: unpaidBookingId } = await hold(member, 2);

  // A gift card the member bought for themself, delivered today.
  const giftCard = await expectOk(await member.json('/api/gift-cards/buy', { amount: 5000, recipient: null, senderName: 'Ana', deliverOn: newYorkDay(0) }), 'buy a gift card');
  await expectOk(await member.json('/api/payments/test/pay', { sessionId: giftCard.paymentSession.id, card: CARD }), 'pay the gift card');
  const giftCardCode = await mailMatching(member, GIFT_CARD_CODE, 'the gift card');

  // The member's own annual pass, and one given to the friend (its claim link is in the friend's e-mail).
  const own = await expectOk(await member.json('/api/passes/buy', {}), 'buy an annual pass');
  await expectOk(await member.json('/api/payments/test/pay', { sessionId: own.paymentSession.id, card: CARD }), 'pay the annual pass');
  const gift = await expectOk(await member.json('/api/passes/buy', { recipientEmail: friend.email }), 'give an annual pass');
  await expectOk(await member.json('/api/payments/test/pay', { sessionId: gift.paymentSession.id, card: CARD }), 'pay the given pass');
  const giftPassCode = (await mailMatching(friend, /claimPass=[^\s&)"'<>]+/, 'the given pass')).slice('claimPass='.length);

  // An on-sale scheduled for a day a month ahead, opening tomorrow: its waiting room shows the pre-queue.
  const manager = browserClient(url, MANAGER);
  await expectOk(await manager.json('/api/dev/session', { email: MANAGER }), 'the manager signs in');
  const opensAt = `${newYorkDay(1)}T10:00`;
  const onsale = await expectOk(await manager.json('/api/staff/onsales', { productId: 'main-deck', day: newYorkDay(30), opensAt, ratePerMinute: 600 }), 'schedule an on-sale');

  return { clients: { member, friend }, fixtures: { reference, unpaidBookingId, giftCardCode, giftPassCode, onsaleId: onsale.id } };
}
