// A new promo code as a manager describes it (POST /api/staff/promos); each rule one translated message.
import { z } from 'zod';
import { isLocalDate } from '@/universal/local-date';
import { normalizePromoCode, PROMO_CODE_PATTERN } from './promo-code';

const date = z.string('dateFormat').refine(isLocalDate, 'dateFormat').nullable().default(null);
const limit = z.number('promoLimits').int('promoLimits').min(1, 'promoLimits').max(1_000_000, 'promoLimits').nullable().default(null);
const ids = z.array(z.string().trim().min(1).max(120)).max(50).default([]);

export const promoBody = z
  .strictObject({
    code: z.string('promoCodeFormat').transform(normalizePromoCode).refine((c) => PROMO_CODE_PATTERN.test(c), 'promoCodeFormat'),
    kind: z.enum(['percent', 'amount'], 'promoValue'),
    value: z.number('promoValue').int('promoValue').min(1, 'promoValue').max(1_000_000, 'promoValue'),
    productIds: ids,
    optionIds: ids,
    validFrom: date,
    validUntil: date,
    visitFrom: date,
    visitUntil: date,
    maxUses: limit,
    maxUsesPerMember: limit,
    minQuantity: z.number('promoLimits').int('promoLimits').min(1, 'promoLimits').max(100, 'promoLimits').default(1),
  })
  .refine((p) => p.kind !== 'percent' || p.value <= 100, { message: 'promoValue', path: ['value'] })
  .refine((p) => !p.validFrom || !p.validUntil || p.validFrom <= p.validUntil, { message: 'promoDates', path: ['validUntil'] })
  .refine((p) => !p.visitFrom || !p.visitUntil || p.visitFrom <= p.visitUntil, { message: 'promoDates', path: ['visitUntil'] });

export type PromoInput = z.input<typeof promoBody>;
export type PromoFields = z.output<typeof promoBody>;
