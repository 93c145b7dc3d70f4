// Every API request, observed the same way (docs/decisions/0046): an id (./request-id.ts) echoed in the
// response and written on each of its log lines, a count and a latency by route pattern and status for the
// metrics, and one log line when it is answered. jsonRoute (./route.ts) goes through here; so do the API
// routes that answer on their own (next-auth, OCTO, Stripe's webhook, Apple's web service).
import type { NextApiRequest, NextApiResponse } from 'next';
import { log } from '@/server/log';
import { metrics } from '@/server/metrics';
import { currentRequestContext, runWithRequestContext } from '@/server/request-context';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

type Handler = (req: NextApiRequest, res: NextApiResponse) => unknown;

/** The route of a jsonRoute handler: its path (no API route of jsonRoute's has a dynamic segment), with
 * neither query nor trailing slash. */
export function pathOf(req: NextApiRequest): string {
  const path = (req.url ?? '/').split('?')[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** `handler`, observed; `route` is the Next.js route pattern ('/api/octo/[...path]'), never the raw URL, so
 * that the metrics have one series per route and not one per booking. */
export function observed<H extends Handler>(route: string | ((req: NextApiRequest) => string), handler: H): H {
  return (async (req: NextApiRequest, res: NextApiResponse) => {
    const requestId = requestIdOf(req);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    return runWithRequestContext({ ...currentRequestContext(), requestId }, async () => {
      try {
        return await handler(req, res);
      } finally {
        const labels = { route: typeof route === 'string' ? route : route(req), method: req.method ?? 'GET', status: String(res.statusCode) };
        const seconds = (performance.now() - started) / 1000;
        metrics().httpRequests.inc(labels);
        metrics().httpDuration.observe(labels, seconds);
        // A balancer asks for the health every few seconds: those lines only at debug level.
        const quiet = labels.route.startsWith('/api/health');
        (quiet ? log.debug : log.info)('[http] answered', { ...labels, status: res.statusCode, ms: Math.round(seconds * 1000) });
      }
    });
  }) as H;
}
