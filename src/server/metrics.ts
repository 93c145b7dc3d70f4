// The server's Prometheus metrics (prom-client), read at GET /api/metrics with the operator's key. They are
// this process's own: every instance of the site is scraped on its own and Prometheus adds them up
// (docs/decisions/0046). Counters only count up; rates (holds or payments a minute) come from PromQL:
// `rate(skypass_holds_total[1m]) * 60`.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { processGlobal } from '@/universal/process-global';

function createMetrics() {
  const registry = new Registry();
  // The process's CPU, memory, event loop lag and file descriptors (process_*, nodejs_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'skypass_http_requests_total',
      help: 'API requests answered, by route (the Next.js route pattern), method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'skypass_http_request_duration_seconds',
      help: 'Time to answer an API request, by route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      // From a cached read to a gateway round trip; the on-sale goal is p99 under 2 s.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers,
    }),
    holds: new Counter({ name: 'skypass_holds_total', help: 'Holds on places made by the inventory (a booking or a change started), by reseller (website: the site itself)', labelNames: ['reseller'] as const, registers }),
    payments: new Counter({
      name: 'skypass_payments_total',
      help: 'Payments of the ledger settled, by purpose and outcome (confirmed, refunded, failed)',
      labelNames: ['purpose', 'outcome'] as const,
      registers,
    }),
    gateScans: new Counter({ name: 'skypass_gate_scans_total', help: 'Tickets scanned at the gate, by verdict', labelNames: ['verdict'] as const, registers }),
    // The fair on-sale's queue (decision 0056): the length this process last read, those it let through, and
    // the times its store could not answer and buyers went straight through (fail-open), and the times it
    // answered too slowly and the queue said "busy, ask again" with nobody let through.
    onsaleQueueLength: new Gauge({ name: 'skypass_onsale_queue_length', help: 'Buyers waiting in the on-sale queues, as this process last read them', registers }),
    onsaleAdmissions: new Counter({ name: 'skypass_onsale_admissions_total', help: 'Buyers let through from the on-sale queue by this process', registers }),
    onsaleFailOpen: new Counter({ name: 'skypass_onsale_fail_open_total', help: 'Times the on-sale queue could not answer and buyers went straight through', registers }),
    onsaleStoreSlow: new Counter({ name: 'skypass_onsale_store_slow_total', help: 'Times the on-sale queue store answered too slowly and the queue said busy, letting nobody through', registers }),
    onsaleStreams: new Gauge({ name: 'skypass_onsale_streams', help: 'Waiting rooms this process pushes their place in line to (open event streams)', registers }),
    jobLag: new Gauge({
      name: 'skypass_job_lag_seconds',
      help: 'Age of the oldest due background job no runner has taken, by kind (0: none waiting); read from the jobs table at scrape time',
      labelNames: ['kind'] as const,
      registers,
    }),
  };
}

/** One set of metrics per process, whatever bundle counts (src/universal/process-global.ts). */
export const metrics = () => processGlobal('metrics', createMetrics);

/** The Prometheus text format of every metric. */
export const metricsText = (): Promise<string> => metrics().registry.metrics();
export const METRICS_CONTENT_TYPE = () => metrics().registry.contentType;
