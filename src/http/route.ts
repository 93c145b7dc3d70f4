// The one wrapper every JSON API route goes through: who may call it, the method, a size-limited body
// checked with zod, and one answer shape for every error, {error, code}, with the message in the
// caller's language. No stack trace or internal message leaves here.
// A route with a body exports `config = { api: { bodyParser: false } }` (Next.js needs it literally).
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import type { Locale } from '@/config/locales';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/unavailable';
import { AppError, ERROR_STATUS, type ErrorKey, type MessageValues } from '@/server/errors';
import { hasMessage, requestLocale, serverT } from '@/server/i18n';
import { log } from '@/server/log';
import { admit, type Access, type Caller } from './access';
import { clientAddress } from './client-address';
import { observed, pathOf } from './observed';
import { refuseUnsafeInput } from './input-hygiene';
import { refuseCrossSiteRequest } from './origin-check';
import { readJsonBody } from './read-json-body';

export type RouteContext<Body, A extends Access = 'public'> = {
  req: NextApiRequest;
  res: NextApiResponse;
  body: Body;
  locale: Locale;
  clientIp: string;
  /** The signed-in member on 'member' routes. */
  caller: Caller<A>;
};

/** `download`: the body is a file (text or a Buffer) to save, not JSON: a calendar entry, a wallet pass.
 * `contentType`: the body is text of that type, shown as it is (the Prometheus metrics).
 * `inline`: the body is a Buffer shown as it is, with its type and cache rule (an uploaded product photo).
 * `stream`: the answer is an event stream that the route writes itself (the waiting room's join, decision 0075);
 * status and body are then not sent. */
export type RouteResult = {
  status: number;
  body: unknown;
  stream?: (res: NextApiResponse) => Promise<void>;
  download?: { filename: string; contentType: string };
  contentType?: string;
  inline?: { contentType: string; cacheControl: string };
};

type Options<S extends z.ZodType, A extends Access> = {
  method: 'GET' | 'POST';
  /** Who may call: checked before the body is read. */
  access: A;
  /** The message an anonymous caller of a member route reads. */
  signInMessage?: ErrorKey;
  body?: S;
  limitBytes?: number;
  /** The status of a body that fails validation: 422 (code INVALID_FIELDS), or 400 (code VALIDATION) where the
   * product's messages say so. */
  validationStatus?: 400 | 422;
  handle: (ctx: RouteContext<z.infer<S>, A>) => Promise<RouteResult>;
};

/** A zod issue as a message of ours: schemas name an error key as their message; anything else is
 * zod's own English, which a visitor never reads: it becomes "field is not valid". */
function issueMessage(issue: z.core.$ZodIssue): { key: ErrorKey; values: MessageValues } {
  const field = String(issue.path.at(-1) ?? 'body');
  if (issue.code === 'unrecognized_keys') return { key: 'unknownField', values: { keys: issue.keys.map((k) => `"${k}"`).join(', ') } };
  if (hasMessage(issue.message, 'errors')) return { key: issue.message as ErrorKey, values: { field } };
  return { key: 'invalidField', values: { field } };
}

export function sendError(res: NextApiResponse, error: unknown, locale: Locale, validationStatus = 422): void {
  const t = serverT(locale, 'errors');
  // An outage is not a bug: 503 and "try again in a moment".
  if (isDatabaseUnavailable(error)) error = databaseUnavailable();
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res.status(error.status).json({ error: t(error.key, error.values), code: error.code });
    return;
  }
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]!;
    const { key, values } = issueMessage(issue);
    // 422 answers name the field, for programs; the 400s carry the product's sentences as they are.
    const where = validationStatus === 422 && issue.path.length ? `${issue.path.join('.')}: ` : '';
    const code = validationStatus === 422 ? 'INVALID_FIELDS' : 'VALIDATION';
    res.status(ERROR_STATUS[code]).json({ error: `${where}${t(key, values)}`, code });
    return;
  }
  log.error('[api] unexpected error', { error });
  res.status(500).json({ error: t('internal'), code: 'INTERNAL' });
}

export function jsonRoute<S extends z.ZodType, A extends Access>(options: Options<S, A>) {
  return observed(pathOf, async function route(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    const locale = requestLocale(req);
    res.setHeader('Cache-Control', 'no-store');
    try {
      if (req.method !== options.method) {
        throw new AppError('METHOD_NOT_ALLOWED', 'methodNotAllowed', { method: options.method }, { Allow: options.method });
      }
      refuseCrossSiteRequest(req, options.access);
      const caller = await admit(options.access, req, options.signInMessage);
      const raw = options.body ? await readJsonBody(req, options.limitBytes ?? 8 * 1024) : undefined;
      refuseUnsafeInput(req, raw);
      const body: unknown = options.body ? options.body.parse(raw) : undefined;
      const result = await options.handle({ req, res, body: body as z.infer<S>, locale, clientIp: clientAddress(req), caller });
      if (result.stream) {
        await result.stream(res);
      } else if (result.download) {
        res.setHeader('Content-Type', result.download.contentType);
        res.setHeader('Content-Disposition', `attachment; filename="${result.download.filename.replace(/[^\w.-]/g, '_')}"`);
        res.status(result.status).send(Buffer.isBuffer(result.body) ? result.body : String(result.body));
      } else if (result.inline && Buffer.isBuffer(result.body)) {
        res.setHeader('Content-Type', result.inline.contentType);
        res.setHeader('Cache-Control', result.inline.cacheControl);
        res.status(result.status).send(result.body);
      } else if (result.contentType) {
        res.setHeader('Content-Type', result.contentType);
        res.status(result.status).send(String(result.body));
      } else {
        res.status(result.status).json(result.body);
      }
    } catch (error) {
      // A stream that failed after its head was sent: nothing more can be said but the end.
      if (res.headersSent) {
        log.error('[api] failed after answering', { error });
        res.end();
        return;
      }
      sendError(res, error, locale, options.validationStatus);
    }
  });
}
