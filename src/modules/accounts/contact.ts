// The contact a visitor gives when joining (docs/product.md#data: phoneNumber plus the fields we chose,
// docs/decisions/0004). Unknown fields are refused, so nothing unexpected is ever stored.
import { z } from 'zod';
import { isCountryCode } from '@/universal/countries';

// Letters in any script, with the spaces, apostrophes, hyphens and dots that real names carry.
const NAME = /^\p{L}[\p{L}\p{M}' ’.-]*$/u;

// Messages are keys of locales/{lng}/errors.json; the field's name is taken from the path.
const personName = () =>
  z
    .string({ error: 'fieldNotText' })
    .trim()
    .min(1, 'fieldRequired')
    .max(60, 'fieldTooLong')
    .regex(NAME, 'nameCharacters')
    .transform((v) => v.replace(/\s+/g, ' '));

/** Keeps a leading + and the digits; a number has 6 to 15 digits (E.164). */
export function normalizePhoneNumber(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) return undefined;
  return `${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export const contactSchema = z.strictObject(
  {
    firstName: personName(),
    lastName: personName(),
    phoneNumber: z
      .string({ error: 'fieldRequired' })
      .max(32, 'fieldTooLong')
      .transform((value, ctx) => {
        const normalized = normalizePhoneNumber(value);
        if (!normalized) {
          ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
          return z.NEVER;
        }
        return normalized;
      }),
    country: z
      .string({ error: 'fieldRequired' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'countryInvalid'),
    postalCode: z
      .string()
      .trim()
      .max(12, 'fieldTooLong')
      .regex(/^[\p{L}\d -]*$/u, 'postalCodeCharacters')
      .optional()
      .transform((v) => (v ? v : undefined)),
    marketingOptIn: z.boolean({ error: 'fieldNotBoolean' }).optional().default(false),
  },
);

export type Contact = z.infer<typeof contactSchema>;
