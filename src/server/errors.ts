// Errors a client may see: a stable code for programs, a message key for people. The message is
// written in the caller's language at the edge (src/http/route.ts) from locales/{lng}/errors.json.
// Anything that is not an AppError is logged and answered with a generic 500.
import type englishErrors from '../../locales/en/errors.json';
import { serverT } from './i18n';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'MEMBER_EXISTS'
  | 'SUPPLIER_FAILED'
  | 'SOLD_OUT'
  | 'NOT_CHANGEABLE'
  | 'BOOKING_BUSY'
  | 'PRICE_CHANGED'
  | 'PAYMENT_FAILED'
  | 'BOOKING_IN_PROGRESS'
  | 'UNAVAILABLE'
  | 'ALREADY_CANCELLED'
  | 'NOT_CANCELLABLE'
  | 'REFUND_CHANGED'
  | 'CAPACITY_TAKEN'
  | 'CLOSED_IN_CATALOG'
  | 'DAY_CLOSED'
  | 'PLACES_AVAILABLE'
  | 'WAITLIST_FULL'
  | 'ALREADY_WAITING'
  | 'ALREADY_BOOKED'
  | 'WAITLIST_CHANGED'
  | 'INTERNAL';

/** A key of locales/en/errors.json: every message an API answer can carry. */
export type ErrorKey = keyof typeof englishErrors;

export type MessageValues = Record<string, string | number>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly key: ErrorKey,
    readonly values: MessageValues = {},
    readonly headers: Record<string, string> = {},
  ) {
    // In English for the server's log; the caller reads it in their own language.
    super(serverT('en', 'errors')(key, values));
    this.name = 'AppError';
  }
}
