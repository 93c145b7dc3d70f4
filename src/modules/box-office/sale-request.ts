// POST /api/staff/sell's body (decision 0053): the visitor's choice as the website's Book takes it, an
// optional e-mail address for the tickets, and how they pay: cash (the amount handed over) or card (the gateway).
import { z } from 'zod';
import { checkoutRequest } from '../checkout/checkout-request';
import { emailSchema } from '../accounts/email';

export const counterSaleRequest = checkoutRequest
  .pick({ productId: true, optionId: true, quantities: true, selectedTime: true })
  .extend({
    email: z.union([z.literal(''), emailSchema]).optional(),
    payment: z.discriminatedUnion('method', [
      z.strictObject({ method: z.literal('cash'), tenderedCents: z.number().int().min(0).max(100_000_000) }),
      z.strictObject({ method: z.literal('card') }),
    ]),
  })
  .strict();

export type CounterSaleRequest = z.infer<typeof counterSaleRequest>;
