// /api/wallet/apple/*: Apple's PassKit web service over HTTP (the use case is
// modules/wallet/apple-web-service.ts). Plain node request and answer, so a test can serve it from a
// node:http server of its own. Input hygiene first, like every route; 404 when Apple Wallet is not configured.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appleWebService, type AppleWebServiceDeps } from '@/modules/wallet/apple-web-service';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/unavailable';
import { AppError } from '@/server/errors';
import { requestLocale, serverT } from '@/server/i18n';
import { clientAddress } from '../client-address';
import { refuseUnsafeInput } from '../input-hygiene';
import { readJsonBody } from '../read-json-body';
import { log } from '@/server/log';

const PREFIX = '/api/wallet/apple/';

/** A path segment, decoded; one that does not decode matches nothing. */
const segment = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
};

function answerError(req: IncomingMessage, res: ServerResponse, error: AppError) {
  const t = serverT(requestLocale({ query: {}, cookies: {}, headers: req.headers }), 'errors');
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.statusCode = error.status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ error: t(error.key, error.values), code: error.code }));
}

export function appleWebServiceHandler(deps: () => Promise<AppleWebServiceDeps | null>) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      refuseUnsafeInput({ query: Object.fromEntries(url.searchParams) });
      const service = await deps();
      if (!url.pathname.startsWith(PREFIX) || !service) throw new AppError('NOT_FOUND', 'notFound');
      const hasBody = req.method === 'POST' && req.headers['content-length'] !== '0';
      const body = hasBody ? await readJsonBody(req, 64 * 1024) : undefined;
      if (body !== undefined) refuseUnsafeInput({}, body);
      const answer = await appleWebService(service, {
        method: req.method ?? 'GET',
        clientIp: clientAddress(req),
        segments: url.pathname.slice(PREFIX.length).split('/').map(segment),
        authorization: req.headers.authorization,
        ifModifiedSince: req.headers['if-modified-since'],
        passesUpdatedSince: url.searchParams.get('passesUpdatedSince') ?? undefined,
        body,
      });
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      res.statusCode = answer.status;
      if (answer.pass) {
        res.setHeader('Content-Type', 'application/vnd.apple.pkpass');
        res.end(answer.pass);
      } else if (answer.json !== undefined) {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(answer.json));
      } else {
        res.end();
      }
    } catch (error) {
      if (error instanceof AppError) return answerError(req, res, error);
      if (isDatabaseUnavailable(error)) return answerError(req, res, databaseUnavailable());
      log.error('[wallet] the PassKit web service failed', { error });
      answerError(req, res, new AppError('INTERNAL', 'internal'));
    }
  };
}
