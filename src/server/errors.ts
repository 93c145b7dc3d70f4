// Errors a client may see: a stable code for programs, a message key for people. The message is
// written in the caller's language at the edge (src/http/route.ts) from locales/{lng}/errors.json.
// Anything that is not an AppError is logged and answered with a generic 500.
import type englishErrors from '../../locales/en/errors.json';
import { serverT } from './i18n';

/** The HTTP status of every error code: the one place a status is chosen (docs/decisions/0030). A throw
 * names what happened; the answer's status follows from it. */
export const ERROR_STATUS = {
  // The request itself is malformed: not JSON, a character or a depth no handler accepts, a bad link.
  BAD_REQUEST: 400,
  // A field's value is refused, in the product's own sentence (the visitor's forms).
  VALIDATION: 400,
  // POST /api/checkEmail: a 400 answer means the e-mail exists (SPEC.md section 7).
  MEMBER_EXISTS: 400,
  UNAUTHORIZED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  // Well-formed, but the values break a rule; the answer names the field (schemas of API bodies, staff tools).
  INVALID_FIELDS: 422,
  // A booking a reseller sold is refunded through that reseller, not by us.
  RESELLER_BOOKING: 422,
  SOLD_OUT: 409,
  NOT_CHANGEABLE: 409,
  BOOKING_BUSY: 409,
  PRICE_CHANGED: 409,
  BOOKING_IN_PROGRESS: 409,
  ALREADY_CANCELLED: 409,
  NOT_CANCELLABLE: 409,
  REFUND_CHANGED: 409,
  CAPACITY_TAKEN: 409,
  CLOSED_IN_CATALOG: 409,
  DAY_CLOSED: 409,
  PLACES_AVAILABLE: 409,
  WAITLIST_FULL: 409,
  ALREADY_WAITING: 409,
  ALREADY_BOOKED: 409,
  WAITLIST_CHANGED: 409,
  // Another manager saved a version of the program since this one was opened (decision 0044).
  PROGRAM_CHANGED: 409,
  // Another manager saved a version of the catalogue since this one was opened (decision 0055).
  CATALOG_CHANGED: 409,
  // A points adjustment would take a balance below zero.
  POINTS_TOO_FEW: 409,
  // The gate's undo window has passed.
  UNDO_TOO_LATE: 409,
  // The supplier will not redeem this booking in its present status.
  NOT_REDEEMABLE: 409,
  // The order is not confirmed, so it has no tickets to send.
  NOT_CONFIRMED: 409,
  // A reward costs more confirmed points than the member has left (decision 0042).
  NOT_ENOUGH_POINTS: 409,
  // A guest pass that cannot be used here: unknown, the member's own, already used, or not for a member.
  GUEST_PASS_REFUSED: 409,
  // A gift card that cannot pay: expired, cancelled, empty, or spent by another order meanwhile (decision 0047).
  GIFT_CARD_REFUSED: 409,
  // A promo code that cannot be used on this booking; the message says why (decision 0049).
  PROMO_REFUSED: 409,
  // A visit the annual pass does not allow, or a pass that cannot be renewed or claimed; the message says why (decision 0051).
  PASS_REFUSED: 409,
  // A box-office till that is not open, or open already (decision 0053).
  TILL_STATE: 409,
  // A hold an on-sale covers, without a valid, unused pass from its queue (decision 0056).
  QUEUE_REQUIRED: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SUPPLIER_FAILED: 502,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A key of locales/en/errors.json: every message an API answer can carry. */
export type ErrorKey = keyof typeof englishErrors;

export type MessageValues = Record<string, string | number>;

export class AppError extends Error {
  /** The HTTP status of the answer: always ERROR_STATUS[code]. */
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly key: ErrorKey,
    readonly values: MessageValues = {},
    readonly headers: Record<string, string> = {},
  ) {
    // In English for the server's log; the caller reads it in their own language.
    super(serverT('en', 'errors')(key, values));
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
