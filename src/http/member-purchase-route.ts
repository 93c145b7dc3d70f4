// A member's purchase that opens a payment of the ledger (a gift card, an annual pass, its renewal): POST,
// members only, a body that fails its schema a 400, limited as Book is (its rate limits, before anything is
// recorded), answered 201 with what `buy` answers.
import type { z } from 'zod';
import type { Locale } from '@/config/locales';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
import { getCheckoutDeps } from '@/wiring/checkout';
import type { Member } from './access';
import { jsonRoute } from './route';

export function memberPurchaseRoute<S extends z.ZodType>(body: S, buy: (deps: CheckoutDeps, buyer: Member, body: z.infer<S>, locale: Locale) => Promise<object>) {
  return jsonRoute({
    method: 'POST',
    access: 'member',
    body,
    validationStatus: 400,
    async handle({ caller, body, locale, clientIp }) {
      const deps = await getCheckoutDeps();
      await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp });
      return { status: 201, body: await buy(deps, caller, body, locale) };
    },
  });
}
