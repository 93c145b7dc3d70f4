// The staff API of a versioned document (decisions 0044 and 0055), one for the program and the catalogue:
// GET answers the document in force (its version and whole document) and the version history; POST
// {baseVersion, document, reason} saves the whole document as the next version (managers). A document that
// breaks the schema is answered 422 with every problem by field (`issues`), and nothing is saved; a save
// from an older version than the newest is a 409 (the document's conflict code).
import { z } from 'zod';
import type { VersionedDocument } from '@/modules/documents/versioned-document';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { serverT } from '@/server/i18n';
import { jsonRoute } from './route';

const body = z.strictObject({
  baseVersion: z.number().int().min(1),
  document: z.record(z.string(), z.unknown()),
  reason: z.string().max(500, 'fieldTooLong'),
});

/** The route of `document`; `invalidKey` is the errors' text of a refused save, `limitBytes` the largest body. */
export function versionedDocumentRoute<T>(document: VersionedDocument<T>, options: { invalidKey: string; limitBytes: number }) {
  const getRoute = jsonRoute({
    method: 'GET',
    access: 'manager',
    async handle() {
      const db = await getDb();
      const { version, document: whole } = await document.newest(db);
      return { status: 200, body: { version, document: whole, history: await document.history(db) } };
    },
  });

  const postRoute = jsonRoute({
    method: 'POST',
    access: 'manager',
    body,
    limitBytes: options.limitBytes,
    async handle({ body: request, caller, locale }) {
      const outcome = await document.save(await getDb(), { ...request, by: { kind: 'staff', userId: caller.userId, email: caller.email } }, serverNow());
      if (!outcome.saved) return { status: 422, body: { error: serverT(locale, 'errors')(options.invalidKey), code: 'INVALID_FIELDS', issues: outcome.issues } };
      return { status: 200, body: { version: outcome.version } };
    },
  });

  return function route(...args: Parameters<typeof getRoute>) {
    return args[0].method === 'POST' ? postRoute(...args) : getRoute(...args);
  };
}
