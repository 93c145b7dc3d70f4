// The operator API's key: OPS_API_KEY, or a published key in the demo, so that `npm run ops` works at once.
import type { IncomingMessage } from 'node:http';
import { bearerMatches } from './api/bearer';
import { getEnv } from './env';
import { AppError } from './errors';

export const DEMO_OPS_KEY = 'skypass-demo-ops-key';

/** Lets an operator's request through, or answers 404 (the API is off) or 401 (a wrong key). */
export function requireOperator(req: IncomingMessage): void {
  const env = getEnv();
  const expected = env.OPS_API_KEY ?? (env.SKYPASS_DEMO ? DEMO_OPS_KEY : undefined);
  if (!expected) throw new AppError(404, 'NOT_FOUND', 'The operator API is off: set OPS_API_KEY');
  if (!bearerMatches(req, expected)) throw new AppError(401, 'UNAUTHORIZED', 'A valid operator key is required');
}
