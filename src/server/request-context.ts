// Facts about the current request that next-auth's callbacks cannot be handed directly.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from '@/config/locales';
import { processGlobal } from '@/universal/process-global';

export type RequestContext = {
  /** The id of the request being served: on every log line written meanwhile (src/server/log.ts). */
  requestId?: string;
  locale?: Locale;
  /** Set when a database call of this request found the database out of reach (next-auth swallows the
   * error and would answer "no session"). */
  databaseUnavailable?: boolean;
};

// One store per process: the logger (created by whichever bundle logs first) reads the context that every
// API route's bundle writes (src/universal/process-global.ts).
const storage = processGlobal('request-context', () => new AsyncLocalStorage<RequestContext>());

export const runWithRequestContext = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);
export const currentRequestContext = (): RequestContext => storage.getStore() ?? {};

/** Notes, for the current request, that the database could not be reached. */
export function noteDatabaseUnavailable(): void {
  const context = storage.getStore();
  if (context) context.databaseUnavailable = true;
}
