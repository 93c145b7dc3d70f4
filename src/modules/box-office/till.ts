// The box office's till shifts (decision 0053): a staff member opens a shift with the float they counted in;
// the cash of their counter sales and counter refunds is the ledger's (payments and refunds pointing to the
// shift); closing asks for the cash counted out, and keeps what was expected beside it. Opening and closing
// are audited in their own transaction.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { payments, refunds, tillShifts } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { serverNow } from '@/server/clock';
import { recordAudit } from '../staff/audit-log';
import type { StaffUser } from '../staff/roles';
import { tillShiftStates } from './till-states';

export type TillShiftRow = typeof tillShifts.$inferSelect;

export type TillShiftView = {
  id: string;
  staffEmail: string;
  status: TillShiftRow['status'];
  currency: string;
  openedAt: string;
  closedAt: string | null;
  float: number;
  /** Cash taken for sales, and handed back for refunds, in this shift (the ledger's confirmed payments, done refunds). */
  cashIn: number;
  cashOut: number;
  sales: number;
  refunds: number;
  /** float + cashIn - cashOut: what the drawer should hold. */
  expected: number;
  counted: number | null;
  /** counted - expected, once closed (negative: short). */
  difference: number | null;
};

/** The cash of a shift in the ledger: every cash payment it took (the money is in the drawer from the moment
 * the sale is recorded, whatever its completion does next), less the cash refunds handed back from it; a
 * cash payment's refund that names no till (a payment refunded whole because it could not be delivered)
 * goes back from the shift that took it. */
async function cashOf(db: Database, shiftId: string): Promise<{ cashIn: number; sales: number; cashOut: number; refunds: number }> {
  const [paid] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amount}), 0)::int`, count: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.tillShiftId, shiftId));
  const [back] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amount}), 0)::int`, count: sql<number>`count(*)::int` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.state, 'done'), or(eq(refunds.tillShiftId, shiftId), and(isNull(refunds.tillShiftId), eq(payments.tillShiftId, shiftId)))));
  return { cashIn: paid?.cents ?? 0, sales: paid?.count ?? 0, cashOut: back?.cents ?? 0, refunds: back?.count ?? 0 };
}

export async function shiftView(db: Database, row: TillShiftRow): Promise<TillShiftView> {
  const cash = await cashOf(db, row.id);
  const expected = row.status === 'CLOSED' && row.expectedCents !== null ? row.expectedCents : row.floatCents + cash.cashIn - cash.cashOut;
  return {
    id: row.id,
    staffEmail: row.staffEmail,
    status: row.status,
    currency: row.currency,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    float: row.floatCents,
    ...cash,
    expected,
    counted: row.countedCents,
    difference: row.countedCents === null ? null : row.countedCents - expected,
  };
}

/** The staff member's open shift, if any. */
export async function openShiftOf(db: Database, staffUserId: string): Promise<TillShiftRow | undefined> {
  const [row] = await db.select().from(tillShifts).where(and(eq(tillShifts.staffUserId, staffUserId), eq(tillShifts.status, 'OPEN')));
  return row;
}

/** The open shift the staff member's cash goes into; refused when they have none. */
export async function requireOpenShift(db: Database, staffUserId: string): Promise<TillShiftRow> {
  const row = await openShiftOf(db, staffUserId);
  if (!row) throw new AppError('TILL_STATE', 'tillNotOpen');
  return row;
}

const cents = (value: number) => {
  if (!Number.isInteger(value) || value < 0 || value > 100_000_000) throw new AppError('INVALID_FIELDS', 'invalidField', { field: 'amount' });
  return value;
};

export async function openShift(db: Database, staff: StaffUser, input: { floatCents: number; currency: string }, now = serverNow()): Promise<TillShiftView> {
  const floatCents = cents(input.floatCents);
  const row = await db.transaction(async (tx) => {
    // The partial unique index keeps one open shift per staff member, whoever opens at once.
    const [opened] = await tx
      .insert(tillShifts)
      .values({ staffUserId: staff.userId, staffEmail: staff.email, status: 'OPEN', currency: input.currency, floatCents, openedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!opened) throw new AppError('TILL_STATE', 'tillAlreadyOpen');
    await recordAudit(tx, { actor: { kind: 'staff', userId: staff.userId, email: staff.email }, action: 'till.open', target: opened.id, after: { float: floatCents, currency: input.currency } });
    return opened;
  });
  return shiftView(db, row);
}

export async function closeShift(db: Database, staff: StaffUser, input: { countedCents: number }, now = serverNow()): Promise<TillShiftView> {
  const countedCents = cents(input.countedCents);
  const open = await requireOpenShift(db, staff.userId);
  const row = await db.transaction(async (tx) => {
    // The shift's row lock: a sale recording cash into it (lockOpenShift) finishes first, or finds it closed.
    const [locked] = await tx.select().from(tillShifts).where(and(eq(tillShifts.id, open.id), eq(tillShifts.status, 'OPEN'))).for('update');
    if (!locked) throw new AppError('TILL_STATE', 'tillNotOpen');
    const { cashIn, cashOut } = await cashOf(tx, open.id);
    const expectedCents = open.floatCents + cashIn - cashOut;
    const [closed] = await tx
      .update(tillShifts)
      .set({ status: tillShiftStates.transition(open.status, 'CLOSED'), closedAt: now, countedCents, expectedCents })
      .where(and(eq(tillShifts.id, open.id), eq(tillShifts.status, open.status)))
      .returning();
    if (!closed) throw new AppError('TILL_STATE', 'tillNotOpen');
    await recordAudit(tx, {
      actor: { kind: 'staff', userId: staff.userId, email: staff.email },
      action: 'till.close',
      target: closed.id,
      before: { float: open.floatCents, cashIn, cashOut },
      after: { expected: expectedCents, counted: countedCents, difference: countedCents - expectedCents },
    });
    return closed;
  });
  return shiftView(db, row);
}

/** In the transaction that records a cash sale: the shift is still open, and stays so until it commits. */
export async function lockOpenShift(tx: Database, shiftId: string): Promise<void> {
  const [row] = await tx.select({ id: tillShifts.id }).from(tillShifts).where(and(eq(tillShifts.id, shiftId), eq(tillShifts.status, 'OPEN'))).for('update');
  if (!row) throw new AppError('TILL_STATE', 'tillNotOpen');
}

/** The newest shifts first, for managers. */
export async function listShifts(db: Database, limit = 50): Promise<TillShiftView[]> {
  const rows = await db.select().from(tillShifts).orderBy(desc(tillShifts.openedAt)).limit(Math.min(limit, 200));
  return Promise.all(rows.map((row) => shiftView(db, row)));
}
