// GET /api/staff/catalog: the catalogue in force (its version and whole document) and the version history.
// POST /api/staff/catalog {baseVersion, document, reason}: saves the whole document as the next version
// (managers; decision 0055). A document that breaks the schema is answered 422 with every problem by
// field (`issues`), and nothing is saved; a save from an older version than the newest is a 409.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { catalogDocument } from '@/modules/catalog/catalog-document';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { serverT } from '@/server/i18n';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({
  baseVersion: z.number().int().min(1),
  document: z.record(z.string(), z.unknown()),
  reason: z.string().max(500, 'fieldTooLong'),
});

const getRoute = jsonRoute({
  method: 'GET',
  access: 'manager',
  async handle() {
    const db = await getDb();
    const { version, document } = await catalogDocument.newest(db);
    return { status: 200, body: { version, document, history: await catalogDocument.history(db) } };
  },
});

const postRoute = jsonRoute({
  method: 'POST',
  access: 'manager',
  body,
  limitBytes: 512 * 1024,
  async handle({ body: request, caller, locale }) {
    const outcome = await catalogDocument.save(await getDb(), { ...request, by: { kind: 'staff', userId: caller.userId, email: caller.email } }, serverNow());
    if (!outcome.saved) return { status: 422, body: { error: serverT(locale, 'errors')('catalogInvalid'), code: 'INVALID_FIELDS', issues: outcome.issues } };
    return { status: 200, body: { version: outcome.version } };
  },
});

export default function route(...args: Parameters<typeof getRoute>) {
  return args[0].method === 'POST' ? postRoute(...args) : getRoute(...args);
}
