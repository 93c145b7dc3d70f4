// Managers create, list and pause promo codes (decision 0049); every change is audited.
import { count, desc, eq, ne, and } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { promoCodes, promoUses } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type Actor } from '../staff/audit-log';
import type { PromoFields } from './promo-body';
import type { PromoRow } from './promo-rules';

export type PromoListing = PromoRow & { uses: number };

export async function createPromo(db: Database, fields: PromoFields, by: Actor, at: Date): Promise<PromoRow> {
  return db.transaction(async (tx) => {
    const createdBy = by.kind === 'operator' ? 'operator' : by.email;
    const [created] = await tx.insert(promoCodes).values({ ...fields, createdBy, createdAt: at }).onConflictDoNothing({ target: promoCodes.code }).returning();
    if (!created) throw new AppError('INVALID_FIELDS', 'promoCodeTaken');
    await recordAudit(tx, { actor: by, action: 'promo.create', target: created.code, after: fields });
    return created;
  });
}

/** Pauses a code (or resumes it): a paused code is refused at checkout; its uses so far stand. */
export async function setPromoPaused(db: Database, input: { code: string; paused: boolean; by: Actor }): Promise<PromoRow> {
  return db.transaction(async (tx) => {
    const [changed] = await tx.update(promoCodes).set({ paused: input.paused }).where(eq(promoCodes.code, input.code.trim().toUpperCase())).returning();
    if (!changed) throw new AppError('NOT_FOUND', 'promoUnknown');
    await recordAudit(tx, { actor: input.by, action: input.paused ? 'promo.pause' : 'promo.resume', target: changed.code });
    return changed;
  });
}

/** Every code, newest first, with the uses that count (held or used). */
export async function listPromos(db: Database): Promise<PromoListing[]> {
  const uses = db
    .select({ promoId: promoUses.promoId, n: count().as('n') })
    .from(promoUses)
    .where(ne(promoUses.state, 'returned'))
    .groupBy(promoUses.promoId)
    .as('uses');
  const rows = await db.select({ promo: promoCodes, n: uses.n }).from(promoCodes).leftJoin(uses, and(eq(uses.promoId, promoCodes.id))).orderBy(desc(promoCodes.createdAt));
  return rows.map((r) => ({ ...r.promo, uses: Number(r.n ?? 0) }));
}
