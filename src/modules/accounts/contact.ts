// The contact a visitor gives when joining (SPEC.md section 3: phoneNumber plus the fields we chose,
// docs/decisions/0004). Unknown fields are refused, so nothing unexpected is ever stored.
import { z } from 'zod';
import { isCountryCode } from './countries';

// Letters in any script, with the spaces, apostrophes, hyphens and dots that real names carry.
const NAME = /^\p{L}[\p{L}\p{M}' ’.-]*$/u;

const personName = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, `${field} is required`)
    .max(60, `${field} is too long`)
    .regex(NAME, `${field} may hold letters, spaces, apostrophes, hyphens and dots only`)
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
    firstName: personName('firstName'),
    lastName: personName('lastName'),
    phoneNumber: z
      .string({ error: 'phoneNumber is required' })
      .max(32, 'phoneNumber is too long')
      .transform((value, ctx) => {
        const normalized = normalizePhoneNumber(value);
        if (!normalized) {
          ctx.addIssue({ code: 'custom', message: 'phoneNumber must be a phone number of 6 to 15 digits' });
          return z.NEVER;
        }
        return normalized;
      }),
    country: z
      .string({ error: 'country is required' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'country must be an ISO 3166 country code such as US'),
    postalCode: z
      .string()
      .trim()
      .max(12, 'postalCode is too long')
      .regex(/^[\p{L}\d -]*$/u, 'postalCode may hold letters, digits, spaces and hyphens only')
      .optional()
      .transform((v) => (v ? v : undefined)),
    marketingOptIn: z.boolean({ error: 'marketingOptIn must be true or false' }).optional().default(false),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field: ${issue.keys.join(', ')}` : undefined) },
);

export type Contact = z.infer<typeof contactSchema>;
