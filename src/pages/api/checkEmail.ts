// POST /api/checkEmail {email}: 400 when a member has this e-mail, 200 when not (docs/product.md#calls).
import { z } from 'zod';
import { enforceAbuseLimits } from '@/modules/accounts/abuse-limits';
import { emailSchema } from '@/modules/accounts/email';
import { memberExists } from '@/modules/accounts/member-exists';
import { staffRole } from '@/modules/staff/roles';
import { jsonRoute } from '@/http/route';
import { getDb } from '@/server/db/client';
import { ERROR_STATUS } from '@/server/errors';
import { serverT } from '@/server/i18n';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: z.strictObject({ email: emailSchema }),
  async handle({ body, clientIp, locale }) {
    const db = await getDb();
    await enforceAbuseLimits(db, 'lookup', { email: body.email, clientIp });
    // Staff sign in without signing up: for the sign-in form they are members already.
    const exists = staffRole(body.email) !== undefined || (await memberExists(db, body.email));
    return exists
      ? { status: ERROR_STATUS.MEMBER_EXISTS, body: { exists: true, email: body.email, error: serverT(locale, 'errors')('memberExists'), code: 'MEMBER_EXISTS' } }
      : { status: 200, body: { exists: false, email: body.email } };
  },
});
