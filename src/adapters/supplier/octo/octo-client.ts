// Real adapter: a supplier that speaks OCTO over HTTP (Ventrata, Bokun, … or our own /octo). It asks for
// octo/content and octo/pricing, and believes prices only when the answer grants octo/pricing; it reads
// every supplier's error style into OCTO's error names.
import type { Availability, Booking } from '@octocloud/types';
import { SupplierError, type SupplierErrorCode, type SupplierPort } from '@/ports/supplier';
import { normalizeAvailability, normalizeBooking, normalizeProduct } from './normalize';

const KNOWN_ERRORS = new Set<SupplierErrorCode>([
  'INVALID_PRODUCT_ID',
  'INVALID_OPTION_ID',
  'INVALID_UNIT_ID',
  'INVALID_AVAILABILITY_ID',
  'INVALID_BOOKING_UUID',
  'BAD_REQUEST',
  'UNPROCESSABLE_ENTITY',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'INTERNAL_SERVER_ERROR',
]);

const ASKED = ['octo/content', 'octo/pricing'];

/** A supplier's error without one of OCTO's names, named by its HTTP status. */
function codeForStatus(status: number): SupplierErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 405) return 'NOT_FOUND';
  if (status === 409 || status === 422) return 'UNPROCESSABLE_ENTITY';
  if (status === 400) return 'BAD_REQUEST';
  return 'INTERNAL_SERVER_ERROR';
}

export type OctoClientOptions = { baseUrl: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch };

type Answer<T> = { payload: T; pricing: boolean };

/** A request without Skypass's own fields (a member's extra tickets, decision 0038; tier, 0041): never sent to another supplier. */
function octoOnly<T extends { extraUnits?: number; memberTier?: string; addons?: unknown[] }>(request: T): Omit<T, 'extraUnits' | 'memberTier' | 'addons'> {
  // Add-ons are sold with our own inventory only (decision 0050): never dropped silently.
  if (request.addons?.length) throw new SupplierError('BAD_REQUEST', 'Add-ons are sold with our own inventory only');
  const copy: T = { ...request };
  delete copy.addons;
  delete copy.extraUnits;
  delete copy.memberTier;
  return copy;
}

export function createOctoClient({ baseUrl, apiKey, timeoutMs = 10_000, fetch: fetchImpl = fetch }: OctoClientOptions): SupplierPort {
  const root = baseUrl.replace(/\/+$/, '');

  async function call<T>(method: string, path: string, body?: unknown, locale = 'en'): Promise<Answer<T>> {
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Octo-Capabilities': ASKED.join(', '),
          'Accept-Language': locale,
          Accept: 'application/json',
          // On every request, bodiless ones too: some suppliers refuse a request without it.
          'Content-Type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SupplierError('INTERNAL_SERVER_ERROR', `The supplier could not be reached: ${(error as Error).message}`);
    }
    const payload = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (response.ok && payload !== undefined) {
      // A supplier that names what it granted is believed; one that names nothing granted what we asked.
      const granted = response.headers.get('octo-capabilities');
      const pricing = granted === null || granted.split(',').some((c) => c.trim() === 'octo/pricing');
      return { payload: payload as T, pricing };
    }
    const named = typeof payload?.error === 'string' && KNOWN_ERRORS.has(payload.error as SupplierErrorCode);
    const message = payload?.errorMessage ?? payload?.message;
    const details = Object.entries(payload ?? {}).filter(([k, v]) => !['error', 'errorMessage', 'message', 'status'].includes(k) && typeof v !== 'object');
    throw new SupplierError(
      named ? (payload!.error as SupplierErrorCode) : codeForStatus(response.status),
      typeof message === 'string' ? message : `The supplier answered ${response.status}`,
      Object.fromEntries(details.map(([k, v]) => [k, String(v)])),
    );
  }

  /** Reads an answer into our shapes; an answer that does not fit is the supplier's failure. */
  async function read<T, R>(answer: Promise<Answer<T>>, shape: (payload: T, pricing: boolean) => R): Promise<R> {
    const { payload, pricing } = await answer;
    try {
      return shape(payload, pricing);
    } catch (error) {
      throw new SupplierError('INTERNAL_SERVER_ERROR', `The supplier's answer does not fit OCTO: ${(error as Error).message}`);
    }
  }

  const list = <T>(payload: unknown): T[] => {
    if (!Array.isArray(payload)) throw new TypeError('a list was expected');
    return payload as T[];
  };
  const booking = (answer: Promise<Answer<Booking>>) => read(answer, normalizeBooking);
  const uuidPath = (uuid: string) => `/bookings/${encodeURIComponent(uuid)}`;

  return {
    getSupplier: () => read(call<never>('GET', '/supplier'), (payload) => payload),
    getProducts: (locale) => read(call<unknown>('GET', '/products', undefined, locale), (p, pricing) => list(p).map((x) => normalizeProduct(x, pricing))),
    getProduct: (productId, locale) => read(call<unknown>('GET', `/products/${encodeURIComponent(productId)}`, undefined, locale), normalizeProduct),
    // A member's extra tickets (decision 0038) are our own inventory's: never sent to another supplier.
    availabilityCalendar: (query) => read(call<unknown>('POST', '/availability/calendar', octoOnly(query)), (p) => list(p)),
    availability: (query) =>
      read(call<unknown>('POST', '/availability', octoOnly(query)), (p, pricing) => list<Availability>(p).map((a) => normalizeAvailability(a, pricing))),
    createBooking: (request) => booking(call('POST', '/bookings', octoOnly(request))),
    confirmBooking: (uuid, body) => booking(call('POST', `${uuidPath(uuid)}/confirm`, body)),
    updateBooking: async (uuid, { releaseHold, ...body }) => {
      // OCTO has no atomic "move into my hold": the hold goes first, then the PATCH takes the places
      // (decision 0023: a PATCH refused after a paid difference refunds it).
      if (releaseHold) {
        await booking(call('POST', `${uuidPath(releaseHold)}/cancel`, { reason: 'Released into the booking it was held for' })).catch((error: unknown) => {
          if (error instanceof SupplierError && (error.code === 'UNPROCESSABLE_ENTITY' || error.code === 'INVALID_BOOKING_UUID')) return;
          throw error;
        });
      }
      return booking(call('PATCH', uuidPath(uuid), octoOnly(body)));
    },
    listBookings: (query) =>
      read(call<unknown>('GET', `/bookings?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]))).toString()}`), (p, pricing) =>
        list<Booking>(p).map((b) => normalizeBooking(b, pricing)),
      ),
    cancelBooking: async (uuid, body) => {
      try {
        return await booking(call('POST', `${uuidPath(uuid)}/cancel`, body));
      } catch (error) {
        // Suppliers on the older revision of OCTO cancel with DELETE /bookings/{uuid} only.
        if (!(error instanceof SupplierError) || error.code !== 'NOT_FOUND') throw error;
        return booking(call('DELETE', uuidPath(uuid), body));
      }
    },
    extendBooking: (uuid, body) => booking(call('POST', `${uuidPath(uuid)}/extend`, body)),
    getBooking: (uuid) => booking(call('GET', uuidPath(uuid))),
    // OCTO has no redemption call: such a supplier scans at its own gate and tells us by webhook.
    redeemBooking: async () => {
      throw new SupplierError('BAD_REQUEST', 'This supplier redeems tickets at its own gate and reports them by webhook');
    },
  };
}
