// Helpers for supplier tests: open days, the ids of the demo catalogue, and today's tickets bought on a site.
import pg from 'pg';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { addLocalDays, todayIn } from '@/universal/local-date';
import type { SupplierPort } from '@/ports/supplier';
import { serverNow } from '@/server/clock';
import { OCTO_KEY, type Visitor } from './sites';

export const NY = 'America/New_York';

/** Which `daysAhead` first named each day of an option, in this test file (each file has its own modules). */
const namedBy = new Map<string, number>();

/** An open day for an option, at least `daysAhead` days from today, where `quantity` places are left. A
 * day of its own: a closed day (Thanksgiving, December 25, January 1) moves a day ahead to the next open
 * one, which the next day ahead names too, and two tests would then count each other's bookings; so a
 * day another `daysAhead` of this file named is passed over. The same `daysAhead` names the same day. */
export async function openDay(supplier: SupplierPort, productId: string, optionId: string, daysAhead: number, quantity = 1): Promise<string> {
  const start = addLocalDays(todayIn(NY, serverNow()), daysAhead);
  const days = await supplier.availabilityCalendar({
    productId,
    optionId,
    localDateStart: start,
    localDateEnd: addLocalDays(start, 20),
  });
  // Places counted from the day's vacancies, not asked as units: a quantity above the maximum per booking
  // (a test filling a slot over several bookings) is not a booking the calendar would price.
  const day = days.find(
    (d) => d.available && d.status === 'AVAILABLE' && (d.vacancies ?? 0) >= quantity && (namedBy.get(`${optionId}|${d.localDate}`) ?? daysAhead) === daysAhead,
  );
  if (!day) throw new Error(`no open day for ${optionId} from ${start}`);
  namedBy.set(`${optionId}|${day.localDate}`, daysAhead);
  return day.localDate;
}

/** The availability id of the first slot of a day still on sale (today's earlier slots have started). */
export async function firstSlot(supplier: SupplierPort, productId: string, optionId: string, localDate: string): Promise<string> {
  const slots = await supplier.availability({ productId, optionId, localDateStart: localDate, localDateEnd: localDate });
  return (slots.find((slot) => slot.available) ?? slots[0]!).id;
}

export const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));

const TEST_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

/** A signed-in visitor buys `adults` Main Deck tickets for today's next slot on a running site (within the
 * gate's default tolerance: on FIXED_NOW, 10:00, it starts by 10:30) and pays with the test card; answers
 * the booking's reference and its tickets' signed codes, read from the site's PostgreSQL database. */
export async function buyTodaysTickets(siteUrl: string, databaseUrl: string, buyer: Visitor, adults: number): Promise<{ reference: string; codes: string[] }> {
  const octo = createOctoClient({ baseUrl: `${siteUrl}/octo`, apiKey: OCTO_KEY });
  const day = await openDay(octo, 'main-deck', 'main-deck-day', 0);
  const selectedTime = await firstSlot(octo, 'main-deck', 'main-deck-day', day);
  const started = (await (await buyer.postJson('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime })).json()) as {
    paymentSession: { id: string };
  };
  const paid = (await (await buyer.postJson('/api/payments/test/pay', { sessionId: started.paymentSession.id, card: TEST_CARD })).json()) as { order: { reference: string } };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tickets: { code: string }[] }>('select tickets from orders where supplier_reference = $1', [paid.order.reference]);
    return { reference: paid.order.reference, codes: rows[0]!.tickets.map((t) => t.code) };
  } finally {
    await client.end();
  }
}
