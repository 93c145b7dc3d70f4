// Whether a promo code may be used on a choice (decision 0049), each refusal in the member's words. Pure: the
// checkout asks it before the hold, and the use is counted again under the code's row lock.
import { AppError } from '@/server/errors';
import type { promoCodes } from '@/server/db/schema';

export type PromoRow = typeof promoCodes.$inferSelect;

export type PromoChoice = { productId: string; optionId: string; tickets: number; visitDate: string; today: string };

export function refusePromoFor(promo: PromoRow | undefined, choice: PromoChoice): asserts promo is PromoRow {
  if (!promo) throw new AppError('PROMO_REFUSED', 'promoUnknown');
  if (promo.paused) throw new AppError('PROMO_REFUSED', 'promoPaused');
  if (promo.validFrom && choice.today < promo.validFrom) throw new AppError('PROMO_REFUSED', 'promoNotYetValid');
  if (promo.validUntil && choice.today > promo.validUntil) throw new AppError('PROMO_REFUSED', 'promoExpired');
  const forProduct = promo.productIds.length === 0 || promo.productIds.includes(choice.productId);
  const forOption = promo.optionIds.length === 0 || promo.optionIds.includes(`${choice.productId}/${choice.optionId}`);
  if (!forProduct || !forOption) throw new AppError('PROMO_REFUSED', 'promoNotForProduct');
  const visitFits = (!promo.visitFrom || choice.visitDate >= promo.visitFrom) && (!promo.visitUntil || choice.visitDate <= promo.visitUntil);
  if (!visitFits) throw new AppError('PROMO_REFUSED', 'promoNotForVisitDate');
  if (choice.tickets < promo.minQuantity) throw new AppError('PROMO_REFUSED', 'promoMinQuantity', { min: promo.minQuantity });
}

/** The limits, from the uses that still count (held or used, not given back). */
export function refusePromoUses(promo: PromoRow, uses: { total: number; byMember: number }): void {
  if (promo.maxUses !== null && uses.total >= promo.maxUses) throw new AppError('PROMO_REFUSED', 'promoUsedUp');
  if (promo.maxUsesPerMember !== null && uses.byMember >= promo.maxUsesPerMember) throw new AppError('PROMO_REFUSED', 'promoAlreadyUsed');
}
