// E-mail addresses are compared and stored lower-cased and trimmed (SPEC.md section 5).
import { z } from 'zod';

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

export const emailSchema = z
  .string({ error: 'email must be a string' })
  .max(254, 'email is too long')
  .transform(normalizeEmail)
  .pipe(z.email({ error: 'email is not a valid e-mail address' }));
