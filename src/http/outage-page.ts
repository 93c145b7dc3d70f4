// Server-rendered pages during a database outage: the outage page, answered 503 with Retry-After, in the
// visitor's language, instead of Next's 500 (docs/decisions/0035). Every getServerSideProps that reads the
// database is wrapped in withOutagePage; _app shows the outage view whenever a page's props say `outage`.
// It also runs the page's server code with the request's id (decision 0046).
import type { GetServerSideProps, GetServerSidePropsResult } from 'next';
import type { ParsedUrlQuery } from 'node:querystring';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/unavailable';
import { AppError } from '@/server/errors';
import { currentRequestContext, runWithRequestContext } from '@/server/request-context';
import { translationProps, type TranslationProps } from '@/server/translations';
import { saneRequestId } from './request-id';

export type OutageProps = TranslationProps & { outage: true };

/** The 503 an error stands for: the database's own errors, or the AppError that says so already (the
 * session reader throws it, docs/decisions/0014). */
function asOutage(error: unknown): AppError | undefined {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return error instanceof AppError && error.code === 'UNAVAILABLE' ? error : undefined;
}

export function withOutagePage<P extends Record<string, unknown>, Q extends ParsedUrlQuery = ParsedUrlQuery>(
  getProps: GetServerSideProps<P, Q>,
): GetServerSideProps<P, Q> {
  return async (ctx) => {
    try {
      // The page's request id (src/proxy.ts set it): on every log line its server code writes.
      const requestId = saneRequestId(ctx.req.headers['x-request-id']);
      return await runWithRequestContext({ ...currentRequestContext(), requestId }, () => getProps(ctx));
    } catch (error) {
      const outage = asOutage(error);
      if (!outage) throw error;
      ctx.res.statusCode = outage.status;
      for (const [name, value] of Object.entries(outage.headers)) ctx.res.setHeader(name, value);
      ctx.res.setHeader('Cache-Control', 'no-store');
      const props: OutageProps = { ...(await translationProps(ctx.locale, ['errors'])), outage: true };
      // The page itself never receives these props: _app renders the outage view in its place.
      return { props } as unknown as GetServerSidePropsResult<P>;
    }
  };
}
