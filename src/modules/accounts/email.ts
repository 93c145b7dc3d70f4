// The e-mail address as the API accepts it: a string, at most 254 characters, normalised, then checked.
import { z } from 'zod';
import { normalizeEmail } from '@/universal/normalize-email';

export const emailSchema = z
  .string({ error: 'fieldNotText' })
  .max(254, 'fieldTooLong')
  .transform(normalizeEmail)
  .pipe(z.email({ error: 'emailInvalid' }));
