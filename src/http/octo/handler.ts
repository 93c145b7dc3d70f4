// Our OCTO API at /octo (docs.octo.travel): the local supplier, served to resellers with bearer keys,
// and their webhooks. Errors are OCTO's own bodies, {error, errorMessage, …}, never a stack trace.
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import { isLocale, LOCALES } from '@/config/locales';
import { localeFromAcceptLanguage } from '@/server/accept-language';
import { bearerKey } from '../bearer';
import { clientAddress } from '../client-address';
import { refuseUnsafeInput } from '../input-hygiene';
import { countWrongKey } from '../key-attempts';
import { readJsonBody } from '../read-json-body';
import { getDb } from '@/server/db/client';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '@/server/db/unavailable';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { availabilityBody, cancellationBody, confirmationBody, extensionBody, reservationBody, updateBody, webhookBody } from './bodies';
import { CAPABILITY_LIST, requestedCapabilities, withCapabilities, type Capability } from './capabilities';
import { resellerForKey } from '@/modules/resellers/reseller-keys';
import { deleteWebhook, listWebhooks, registerWebhook } from '@/modules/resellers/octo-webhooks';
import { localSupplierFor } from '@/wiring/supplier';
import { webhookEgress } from '@/wiring/webhook-egress';
import { log } from '@/server/log';

const STATUS: Record<SupplierError['code'], number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  // OCTO answers UNPROCESSABLE_ENTITY with 400, as its validator checks.
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INTERNAL_SERVER_ERROR: 500,
};

function sendOctoError(res: NextApiResponse, error: SupplierError) {
  res.status(STATUS[error.code]).json({ error: error.code, errorMessage: error.message, ...error.details });
}

/** A bodiless request (a DELETE, a cancel without a reason) reads as {}. */
function hasBody(req: NextApiRequest): boolean {
  const length = req.headers['content-length'];
  return length !== undefined ? length !== '0' : req.headers['transfer-encoding'] !== undefined;
}

async function body<S extends z.ZodType>(req: NextApiRequest, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {};
  try {
    if (hasBody(req)) raw = await readJsonBody(req, 64 * 1024);
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

function query(req: NextApiRequest, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined;
}

type Context = { supplier: SupplierPort; req: NextApiRequest; params: string[]; locale: string; resellerId: string; capabilities: Capability[] };
type Route = { method: string; pattern: RegExp; run: (ctx: Context) => Promise<unknown> };

function requireWebhooks({ capabilities }: Context): void {
  if (!capabilities.includes('octo/webhooks')) throw new SupplierError('BAD_REQUEST', 'Send Octo-Capabilities: octo/webhooks to use /webhooks');
}

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^capabilities$/, run: async () => CAPABILITY_LIST },
  { method: 'GET', pattern: /^supplier$/, run: ({ supplier }) => supplier.getSupplier() },
  { method: 'GET', pattern: /^products$/, run: ({ supplier, locale }) => supplier.getProducts(locale) },
  { method: 'GET', pattern: /^products\/([^/]+)$/, run: ({ supplier, params, locale }) => supplier.getProduct(params[0]!, locale) },
  { method: 'POST', pattern: /^availability\/calendar$/, run: async ({ supplier, req }) => supplier.availabilityCalendar(await body(req, availabilityBody)) },
  { method: 'POST', pattern: /^availability$/, run: async ({ supplier, req }) => supplier.availability(await body(req, availabilityBody)) },
  { method: 'POST', pattern: /^bookings$/, run: async ({ supplier, req }) => supplier.createBooking((await body(req, reservationBody)) as never) },
  {
    method: 'GET',
    pattern: /^bookings$/,
    run: ({ supplier, req }) =>
      supplier.listBookings({ resellerReference: query(req, 'resellerReference'), supplierReference: query(req, 'supplierReference') }),
  },
  { method: 'GET', pattern: /^bookings\/([^/]+)$/, run: ({ supplier, params }) => supplier.getBooking(params[0]!) },
  { method: 'PATCH', pattern: /^bookings\/([^/]+)$/, run: async ({ supplier, req, params }) => supplier.updateBooking(params[0]!, await body(req, updateBody)) },
  {
    method: 'POST',
    pattern: /^bookings\/([^/]+)\/confirm$/,
    run: async ({ supplier, req, params }) => supplier.confirmBooking(params[0]!, await body(req, confirmationBody)),
  },
  {
    method: 'POST',
    pattern: /^bookings\/([^/]+)\/cancel$/,
    run: async ({ supplier, req, params }) => supplier.cancelBooking(params[0]!, (await body(req, cancellationBody)) as never),
  },
  {
    method: 'DELETE',
    pattern: /^bookings\/([^/]+)$/,
    run: async ({ supplier, req, params }) => supplier.cancelBooking(params[0]!, (await body(req, cancellationBody)) as never),
  },
  {
    method: 'POST',
    pattern: /^bookings\/([^/]+)\/extend$/,
    run: async ({ supplier, req, params }) => supplier.extendBooking(params[0]!, await body(req, extensionBody)),
  },
  {
    method: 'POST',
    pattern: /^webhooks$/,
    run: async (ctx) => {
      requireWebhooks(ctx);
      return registerWebhook(await getDb(), ctx.resellerId, await body(ctx.req, webhookBody), webhookEgress());
    },
  },
  {
    method: 'GET',
    pattern: /^webhooks$/,
    run: async (ctx) => {
      requireWebhooks(ctx);
      return listWebhooks(await getDb(), ctx.resellerId);
    },
  },
  {
    method: 'DELETE',
    pattern: /^webhooks\/([^/]+)$/,
    run: async (ctx) => {
      requireWebhooks(ctx);
      return deleteWebhook(await getDb(), ctx.resellerId, ctx.params[0]!);
    },
  },
];

/** The caller's bearer key and the reseller it belongs to; a right key always passes, wrong keys are
 * counted per client address (429 past the limit). */
async function reseller(req: NextApiRequest): Promise<string> {
  const key = bearerKey(req);
  if (!key) throw new SupplierError('UNAUTHORIZED', "You didn't send the API Key in the Authorization header");
  const resellerId = await resellerForKey(await getDb(), key, getEnv().SKYPASS_DEMO);
  if (resellerId) return resellerId;
  await countWrongKey(clientAddress(req));
  throw new SupplierError('FORBIDDEN', 'You sent an API Key that was invalid or has been revoked');
}

/** A refusal of ours (throttled, bad input) or an outage, in OCTO's error shape. */
function sendOtherError(res: NextApiResponse, error: unknown): void {
  if (error instanceof AppError && error.code === 'RATE_LIMITED') {
    res.setHeader('Retry-After', error.headers['Retry-After'] ?? '60');
    res.status(429).json({ error: 'TOO_MANY_REQUESTS', errorMessage: 'Too many wrong API keys from this address; try again later' });
  } else if (error instanceof AppError && error.status === 400) {
    res.status(400).json({ error: 'BAD_REQUEST', errorMessage: error.message });
  } else if (error instanceof AppError && error.code === 'UNAVAILABLE') {
    // A slot whose lock was not free in time (modules/inventory/slot-lock.ts): retry in a moment.
    res.setHeader('Retry-After', error.headers['Retry-After'] ?? String(RETRY_AFTER_SECONDS));
    res.status(503).json({ error: 'SERVICE_UNAVAILABLE', errorMessage: 'This time is being booked by many at once; try again in a moment' });
  } else if (isDatabaseUnavailable(error)) {
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ error: 'SERVICE_UNAVAILABLE', errorMessage: 'The service is briefly unavailable; try again in a moment' });
  } else {
    log.error('[octo] unexpected error', { error });
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
    if (candidates.length === 0) throw new SupplierError('NOT_FOUND', `There is no /octo/${path}`);
    const route = candidates.find((r) => r.method === req.method);
    if (!route) {
      res.setHeader('Allow', [...new Set(candidates.map((r) => r.method))].join(', '));
      throw new SupplierError('BAD_REQUEST', `Use ${candidates.map((r) => r.method).join(' or ')} for /octo/${path}`);
    }
    const resellerId = await reseller(req);

    const language = req.headers['accept-language'];
    const locale = isLocale(language) ? language : (localeFromAcceptLanguage(language) ?? 'en');
    const capabilities = requestedCapabilities(req.headers['octo-capabilities']);
    const params = path.match(route.pattern)!.slice(1).map(decodeURIComponent);
    const result = await route.run({ supplier: await localSupplierFor(resellerId), req, params, locale, resellerId, capabilities });
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
