// Errors a client may see. Anything else is logged and answered with a generic 500.

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'MEMBER_EXISTS'
  | 'SUPPLIER_FAILED'
  | 'SOLD_OUT'
  | 'PAYMENT_FAILED';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A key in the common namespace; when set, the visitor reads that text in their language. */
    readonly messageKey?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
