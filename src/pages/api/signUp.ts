// POST /api/signUp {email, contact, guestPass?}: joins the program (claiming the guest pass the visitor came
// through, decision 0042); answers {alreadyExists, email}.
import { z } from 'zod';
import { enforceAbuseLimits } from '@/modules/accounts/abuse-limits';
import { contactSchema } from '@/modules/accounts/contact';
import { emailSchema } from '@/modules/accounts/email';
import { signUp } from '@/modules/accounts/sign-up';
import { jsonRoute } from '@/http/route';
import { getDb } from '@/server/db/client';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: z.strictObject({ email: emailSchema, contact: contactSchema, guestPass: z.string().trim().min(1).max(64).optional() }),
  async handle({ body, clientIp, locale }) {
    const db = await getDb();
    await enforceAbuseLimits(db, 'lookup', { email: body.email, clientIp });
    const result = await signUp(db, { email: body.email, contact: body.contact, locale, guestPass: body.guestPass });
    return { status: result.alreadyExists ? 200 : 201, body: result };
  },
});
