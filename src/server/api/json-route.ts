// The one wrapper every JSON API route goes through: method check, size-limited body parsing, zod
// validation, and mapping of errors to status codes. No stack trace or internal message leaves here.
// A route with a body exports `config = { api: { bodyParser: false } }` (Next.js needs it literally).
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import type { Locale } from '../../config/locales';
import { AppError } from '../errors';
import { requestLocale, serverT } from '../i18n';
import { clientAddress } from './client-address';
import { readJsonBody } from './read-json-body';

export type RouteContext<Body> = {
  req: NextApiRequest;
  res: NextApiResponse;
  body: Body;
  locale: Locale;
  clientIp: string;
};

export type RouteResult = { status: number; body: unknown };

type Options<S extends z.ZodType> = {
  method: 'GET' | 'POST';
  body?: S;
  limitBytes?: number;
  /** The status of a body that fails validation: 422, or 400 where the spec's messages say so. */
  validationStatus?: 400 | 422;
  handle: (ctx: RouteContext<z.infer<S>>) => Promise<RouteResult>;
};

/** The first problem, named by its field; the spec's own sentences (400 routes) are sent as they are. */
function firstIssueMessage(error: z.ZodError, withField: boolean): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const where = withField && issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

export function sendError(res: NextApiResponse, error: unknown, locale: Locale, validationStatus = 422): void {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    const message = error.messageKey ? serverT(locale)(error.messageKey) : error.message;
    res.status(error.status).json({ error: message, code: error.code });
    return;
  }
  if (error instanceof z.ZodError) {
    res.status(validationStatus).json({
      error: firstIssueMessage(error, validationStatus === 422),
      code: 'VALIDATION',
      issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
    return;
  }
  console.error('[api] unexpected error', error);
  res.status(500).json({ error: 'Error, please try again', code: 'INTERNAL' });
}

export function jsonRoute<S extends z.ZodType>(options: Options<S>) {
  return async function route(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    const locale = requestLocale(req);
    res.setHeader('Cache-Control', 'no-store');
    try {
      if (req.method !== options.method) {
        throw new AppError(405, 'METHOD_NOT_ALLOWED', `Use ${options.method} for this endpoint`, {
          Allow: options.method,
        });
      }
      let body: unknown = undefined;
      if (options.body) {
        const raw = await readJsonBody(req, options.limitBytes ?? 8 * 1024);
        body = options.body.parse(raw);
      }
      const result = await options.handle({ req, res, body: body as z.infer<S>, locale, clientIp: clientAddress(req) });
      res.status(result.status).json(result.body);
    } catch (error) {
      sendError(res, error, locale, options.validationStatus);
    }
  };
}
