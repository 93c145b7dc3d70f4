// Facts about the current request that next-auth's callbacks cannot be handed directly.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from '@/config/locales';

export type RequestContext = { locale?: Locale };

const storage = new AsyncLocalStorage<RequestContext>();

export const runWithRequestContext = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);
export const currentRequestContext = (): RequestContext => storage.getStore() ?? {};
