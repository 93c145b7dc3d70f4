// The HTTP status of an error is a function of its code (src/server/errors.ts, docs/decisions/0030): every
// code has a status, and the statuses that the product's calls promise (docs/product.md, the tests of the
// API) are the table's.
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS, type ErrorCode } from '@/server/errors';

describe('the error status table', () => {
  it.each(Object.entries(ERROR_STATUS))('%s answers an error status (%i)', (_code, status) => {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
  });

  it.each([
    ['BAD_REQUEST', 400],
    ['VALIDATION', 400],
    ['MEMBER_EXISTS', 400],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['METHOD_NOT_ALLOWED', 405],
    ['SOLD_OUT', 409],
    ['ALREADY_CANCELLED', 409],
    ['UNDO_TOO_LATE', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['INVALID_FIELDS', 422],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
    ['UNAVAILABLE', 503],
  ] satisfies [ErrorCode, number][])('%s is %i', (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
  });

  it('gives a thrown error the status of its code', () => {
    const error = new AppError('INVALID_FIELDS', 'searchTooShort');
    expect(error).toMatchObject({ status: 422, code: 'INVALID_FIELDS', key: 'searchTooShort', message: expect.any(String) });
    expect(new AppError('UNAVAILABLE', 'serviceUnavailable', {}, { 'Retry-After': '5' }).headers).toEqual({ 'Retry-After': '5' });
  });
});
