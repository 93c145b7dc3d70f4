// The request bodies of our OCTO API, checked with zod. A body that does not fit is a BAD_REQUEST.
import { z } from 'zod';

const id = z.string().min(1).max(100);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is yyyy-MM-dd');
const units = z.array(z.object({ id, quantity: z.number().int().min(0).max(1000) })).max(50);

export const availabilityBody = z.object({
  productId: id,
  optionId: id,
  localDateStart: localDate,
  localDateEnd: localDate,
  units: units.optional(),
  currency: z.string().nullish(),
});

export const reservationBody = z.object({
  uuid: z.string().min(1).max(100).optional(),
  productId: id,
  optionId: id,
  availabilityId: z.string().min(1).max(40),
  expirationMinutes: z.number().int().optional(),
  notes: z.string().max(2000).nullish(),
  resellerReference: z.string().max(100).optional(),
  unitItems: z.array(z.object({ unitId: id, uuid: z.string().max(100).optional(), resellerReference: z.string().max(100).optional() })).min(1).max(100),
});

const contact = z
  .object({
    fullName: z.string().max(200).nullish(),
    firstName: z.string().max(100).nullish(),
    lastName: z.string().max(100).nullish(),
    emailAddress: z.string().max(254).nullish(),
    phoneNumber: z.string().max(40).nullish(),
    locales: z.array(z.string().max(20)).max(10).optional(),
    postalCode: z.string().max(20).nullish(),
    country: z.string().max(2).nullish(),
    notes: z.string().max(2000).nullish(),
  })
  .strip();

export const confirmationBody = z.object({
  contact,
  resellerReference: z.string().max(100).optional(),
  emailReceipt: z.boolean().optional(),
});

export const cancellationBody = z.object({ reason: z.string().max(500).nullish(), force: z.boolean().optional() });
export const extensionBody = z.object({ expirationMinutes: z.number().int() });
