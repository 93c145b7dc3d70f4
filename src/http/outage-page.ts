// Server-rendered pages during a database outage: the outage page, answered 503 with Retry-After, in the
// visitor's language, instead of Next's 500 (docs/decisions/0035). Every getServerSideProps that reads the
// database is wrapped in withOutagePage; _app shows the outage view whenever a page's props say `outage`.
import type { GetServerSideProps, GetServerSidePropsResult } from 'next';
import type { ParsedUrlQuery } from 'node:querystring';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '@/server/db/unavailable';
import { translationProps, type TranslationProps } from '@/server/translations';

export type OutageProps = TranslationProps & { outage: true };

export function withOutagePage<P extends Record<string, unknown>, Q extends ParsedUrlQuery = ParsedUrlQuery>(
  getProps: GetServerSideProps<P, Q>,
): GetServerSideProps<P, Q> {
  return async (ctx) => {
    try {
      return await getProps(ctx);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      ctx.res.statusCode = 503;
      ctx.res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      ctx.res.setHeader('Cache-Control', 'no-store');
      const outage: OutageProps = { ...(await translationProps(ctx.locale, ['errors'])), outage: true };
      // The page itself never receives these props: _app renders the outage view in its place.
      return { props: outage } as unknown as GetServerSidePropsResult<P>;
    }
  };
}
