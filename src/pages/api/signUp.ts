// POST /api/signUp {email, contact}: joins the program; answers {alreadyExists, email}.
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
  body: z.strictObject({ email: emailSchema, contact: contactSchema }),
  async handle({ body, clientIp, locale }) {
    const db = await getDb();
    await enforceAbuseLimits(db, 'lookup', { email: body.email, clientIp });
    const result = await signUp(db, { email: body.email, contact: body.contact, locale });
    return { status: result.alreadyExists ? 200 : 201, body: result };
  },
});
