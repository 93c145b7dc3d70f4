// The e-mail address as the API accepts it: a string, at most 254 characters, normalised, then checked.
import { z } from 'zod';
import { normalizeEmail } from './normalize-email';

export const emailSchema = z
  .string({ error: 'email must be a string' })
  .max(254, 'email is too long')
  .transform(normalizeEmail)
  .pipe(z.email({ error: 'email is not a valid e-mail address' }));
