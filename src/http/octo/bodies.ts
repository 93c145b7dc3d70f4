// The request bodies of our OCTO API, checked with zod. A body that does not fit is a BAD_REQUEST;
// rules about the booking itself (missing unit items, unknown ids, places) are the supplier's to answer.
import { z } from 'zod';

const id = z.string().min(1).max(100);
const text = (max: number) => z.string().max(max);
const units = z.array(z.object({ id, quantity: z.number().int().min(0).max(1000) })).max(50);
const unitItems = z.array(z.object({ unitId: id, uuid: text(100).optional(), resellerReference: text(100).optional() })).max(100);

export const availabilityBody = z.object({
  productId: id,
  optionId: id,
  localDate: text(20).optional(),
  localDateStart: text(20).optional(),
  localDateEnd: text(20).optional(),
  availabilityIds: z.array(text(40)).max(100).optional(),
  units: units.optional(),
  currency: z.string().nullish(),
});

export const reservationBody = z.object({
  uuid: z.string().min(1).max(100).optional(),
  productId: id,
  optionId: id,
  availabilityId: z.string().min(1).max(40),
  expirationMinutes: z.number().int().optional(),
  notes: text(2000).nullish(),
  resellerReference: text(100).optional(),
  // Missing or empty is the supplier's UNPROCESSABLE_ENTITY, as OCTO has it.
  unitItems: unitItems.optional(),
});

const contact = z
  .object({
    fullName: text(200).nullish(),
    firstName: text(100).nullish(),
    lastName: text(100).nullish(),
    emailAddress: text(254).nullish(),
    phoneNumber: text(40).nullish(),
    locales: z.array(text(20)).max(10).optional(),
    postalCode: text(20).nullish(),
    country: text(2).nullish(),
    notes: text(2000).nullish(),
  })
  .strip();

export const confirmationBody = z.object({
  contact,
  resellerReference: text(100).optional(),
  emailReceipt: z.boolean().optional(),
  unitItems: unitItems.optional(),
});

export const updateBody = z.object({
  resellerReference: text(100).optional(),
  productId: id.optional(),
  optionId: id.optional(),
  availabilityId: z.string().min(1).max(40).optional(),
  expirationMinutes: z.number().int().optional(),
  notes: text(2000).nullish(),
  emailReceipt: z.boolean().optional(),
  unitItems: unitItems.optional(),
  contact: contact.optional(),
});

export const cancellationBody = z.object({ reason: text(500).nullish(), force: z.boolean().optional() });
export const extensionBody = z.object({ expirationMinutes: z.number().int() });

export const webhookBody = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  event: z.enum(['booking_update', 'availability_update']),
});
