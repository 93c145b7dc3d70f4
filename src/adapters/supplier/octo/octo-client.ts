// Real adapter: a supplier that speaks OCTO over HTTP (Ventrata, Bokun, … or our own /octo).
import { SupplierError, type SupplierErrorCode, type SupplierPort } from '@/ports/supplier';

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
  'INTERNAL_SERVER_ERROR',
]);

export type OctoClientOptions = { baseUrl: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch };

export function createOctoClient({ baseUrl, apiKey, timeoutMs = 10_000, fetch: fetchImpl = fetch }: OctoClientOptions): SupplierPort {
  const root = baseUrl.replace(/\/+$/, '');

  async function call<T>(method: string, path: string, body?: unknown, locale = 'en'): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Octo-Capabilities': 'octo/content, octo/pricing',
          'Accept-Language': locale,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SupplierError('INTERNAL_SERVER_ERROR', `The supplier could not be reached: ${(error as Error).message}`);
    }
    const payload = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (response.ok && payload !== undefined) return payload as T;
    const code = payload?.error as SupplierErrorCode | undefined;
    const message = payload?.errorMessage;
    const details = Object.entries(payload ?? {}).filter(([k]) => k !== 'error' && k !== 'errorMessage');
    throw new SupplierError(
      code && KNOWN_ERRORS.has(code) ? code : 'INTERNAL_SERVER_ERROR',
      typeof message === 'string' ? message : `The supplier answered ${response.status}`,
      Object.fromEntries(details.map(([k, v]) => [k, String(v)])),
    );
  }

  const uuidPath = (uuid: string) => `/bookings/${encodeURIComponent(uuid)}`;

  return {
    getSupplier: () => call('GET', '/supplier'),
    getProducts: (locale) => call('GET', '/products', undefined, locale),
    getProduct: (productId, locale) => call('GET', `/products/${encodeURIComponent(productId)}`, undefined, locale),
    availabilityCalendar: (query) => call('POST', '/availability/calendar', query),
    availability: (query) => call('POST', '/availability', query),
    createBooking: (request) => call('POST', '/bookings', request),
    confirmBooking: (uuid, body) => call('POST', `${uuidPath(uuid)}/confirm`, body),
    cancelBooking: (uuid, body) => call('POST', `${uuidPath(uuid)}/cancel`, body),
    extendBooking: (uuid, body) => call('POST', `${uuidPath(uuid)}/extend`, body),
    getBooking: (uuid) => call('GET', uuidPath(uuid)),
    // OCTO has no redemption call: such a supplier scans at its own gate and tells us by webhook.
    redeemBooking: async () => {
      throw new SupplierError('BAD_REQUEST', "This supplier redeems tickets at its own gate and reports them by webhook");
    },
  };
}
