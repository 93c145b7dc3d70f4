// Our OCTO API at /octo (docs.octo.travel): the local supplier, served to resellers with bearer keys.
// Errors keep OCTO's bodies ({error, errorMessage}, in English), as resellers' software expects.
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import { isLocale, LOCALES } from '@/config/locales';
import { localeFromAcceptLanguage } from '@/server/accept-language';
import { bearerKey } from '../bearer';
import { clientAddress } from '../client-address';
import { refuseUnsafeInput } from '../input-hygiene';
import { recordWrongKey, refuseWhileThrottled } from '../key-attempts';
import { readJsonBody } from '../read-json-body';
import { getDb } from '@/server/db/client';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '@/server/db/unavailable';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { availabilityBody, cancellationBody, confirmationBody, extensionBody, reservationBody } from './bodies';
import { requestedCapabilities, withCapabilities } from './capabilities';
import { resellerForKey } from '@/modules/resellers/reseller-keys';
import { localSupplierFor } from '@/wiring/supplier';

const STATUS: Record<SupplierError['code'], number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INTERNAL_SERVER_ERROR: 500,
};

function sendOctoError(res: NextApiResponse, error: SupplierError) {
  res.status(STATUS[error.code]).json({ error: error.code, errorMessage: error.message, ...error.details });
}

async function body<S extends z.ZodType>(req: NextApiRequest, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await readJsonBody(req, 64 * 1024);
    refuseUnsafeInput(req, raw);
  } catch (error) {
    throw new SupplierError('BAD_REQUEST', error instanceof AppError ? error.message : 'The request body could not be read');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SupplierError('BAD_REQUEST', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

type Route = { method: string; pattern: RegExp; run: (supplier: SupplierPort, req: NextApiRequest, match: string[], locale: string) => Promise<unknown> };

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^supplier$/, run: (s) => s.getSupplier() },
  { method: 'GET', pattern: /^products$/, run: (s, _r, _m, locale) => s.getProducts(locale) },
  { method: 'GET', pattern: /^products\/([^/]+)$/, run: (s, _r, [id], locale) => s.getProduct(id!, locale) },
  { method: 'POST', pattern: /^availability\/calendar$/, run: async (s, r) => s.availabilityCalendar(await body(r, availabilityBody)) },
  { method: 'POST', pattern: /^availability$/, run: async (s, r) => s.availability(await body(r, availabilityBody)) },
  { method: 'POST', pattern: /^bookings$/, run: async (s, r) => s.createBooking((await body(r, reservationBody)) as never) },
  { method: 'GET', pattern: /^bookings\/([^/]+)$/, run: (s, _r, [uuid]) => s.getBooking(uuid!) },
  { method: 'POST', pattern: /^bookings\/([^/]+)\/confirm$/, run: async (s, r, [uuid]) => s.confirmBooking(uuid!, await body(r, confirmationBody)) },
  { method: 'POST', pattern: /^bookings\/([^/]+)\/cancel$/, run: async (s, r, [uuid]) => s.cancelBooking(uuid!, (await body(r, cancellationBody)) as never) },
  { method: 'DELETE', pattern: /^bookings\/([^/]+)$/, run: async (s, r, [uuid]) => s.cancelBooking(uuid!, (await body(r, cancellationBody)) as never) },
  { method: 'POST', pattern: /^bookings\/([^/]+)\/extend$/, run: async (s, r, [uuid]) => s.extendBooking(uuid!, await body(r, extensionBody)) },
];

/** The caller's bearer key and the reseller it belongs to; wrong keys are counted per client address. */
async function reseller(req: NextApiRequest): Promise<string> {
  const key = bearerKey(req);
  if (!key) throw new SupplierError('UNAUTHORIZED', "You didn't send the API Key in the Authorization header");
  const clientIp = clientAddress(req);
  await refuseWhileThrottled(clientIp);
  const resellerId = await resellerForKey(await getDb(), key, getEnv().SKYPASS_DEMO);
  if (resellerId) return resellerId;
  await recordWrongKey(clientIp);
  throw new SupplierError('FORBIDDEN', 'You sent an API Key that was invalid or has been revoked');
}

/** A refusal of ours (throttled, bad input) or an outage, in OCTO's error shape. */
function sendOtherError(res: NextApiResponse, error: unknown): void {
  if (error instanceof AppError && error.code === 'RATE_LIMITED') {
    res.setHeader('Retry-After', error.headers['Retry-After'] ?? '60');
    res.status(429).json({ error: 'TOO_MANY_REQUESTS', errorMessage: 'Too many wrong API keys from this address; try again later' });
  } else if (error instanceof AppError && error.status === 400) {
    res.status(400).json({ error: 'BAD_REQUEST', errorMessage: error.message });
  } else if (isDatabaseUnavailable(error)) {
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ error: 'SERVICE_UNAVAILABLE', errorMessage: 'The service is briefly unavailable; try again in a moment' });
  } else {
    console.error('[octo] unexpected error', error);
    res.status(500).json({ error: 'INTERNAL_SERVER_ERROR', errorMessage: 'There was an un-recoverable error, please try again' });
  }
}

export async function handleOcto(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  try {
    refuseUnsafeInput(req);
    const segments = req.query.path;
    const path = (Array.isArray(segments) ? segments : [segments ?? '']).map((s) => encodeURIComponent(s)).join('/');
    const candidates = ROUTES.filter((r) => r.pattern.test(path));
    if (candidates.length === 0) {
      res.status(404).json({ error: 'NOT_FOUND', errorMessage: `There is no /octo/${path}` });
      return;
    }
    const route = candidates.find((r) => r.method === req.method);
    if (!route) {
      res.setHeader('Allow', [...new Set(candidates.map((r) => r.method))].join(', '));
      throw new SupplierError('BAD_REQUEST', `Use ${candidates.map((r) => r.method).join(' or ')} for /octo/${path}`);
    }
    const resellerId = await reseller(req);

    const language = req.headers['accept-language'];
    const locale = isLocale(language) ? language : (localeFromAcceptLanguage(language) ?? 'en');
    const capabilities = requestedCapabilities(req.headers['octo-capabilities']);
    const result = await route.run(await localSupplierFor(resellerId), req, path.match(route.pattern)!.slice(1).map(decodeURIComponent), locale);
    res.setHeader('Octo-Capabilities', capabilities.join(', '));
    if (capabilities.includes('octo/content')) {
      res.setHeader('Content-Language', locale);
      res.setHeader('Available-Languages', LOCALES.join(', '));
    }
    res.status(200).json(withCapabilities(result, capabilities));
  } catch (error) {
    if (error instanceof SupplierError) return sendOctoError(res, error);
    sendOtherError(res, error);
  }
}
