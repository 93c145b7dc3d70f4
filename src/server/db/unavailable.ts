// The one place that tells "the database is out of reach" from any other failure, so that the edge can
// answer 503 with a retry message instead of a 500, and never read an outage as "signed out".
import { AppError } from '../errors';

/** Node's codes for a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/** PostgreSQL's SQLSTATEs of an unreachable or stopping server: class 08 (connection exception, but not
 * 08P01, a protocol violation), 57P01–57P03 (shut down, crashed, starting) and 53300 (too many connections). */
const SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a cut or timed-out connection with a message and no code. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** How long a caller is asked to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 10;

function matches(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code))) return true;
  return typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m));
}

/** Whether `error` (or what caused it: drizzle wraps the driver's error, Node groups connection attempts
 * in an AggregateError) says that the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (matches(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The answer during an outage: 503, "try again in a moment", with Retry-After. */
export function databaseUnavailable(): AppError {
  return new AppError('UNAVAILABLE', 'serviceUnavailable', {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}
