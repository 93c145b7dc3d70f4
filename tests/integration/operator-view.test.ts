// What operators watch on a busy day (issue #26 deliverable 5, decision 0046), on a real site on PostgreSQL
// behind a TCP proxy the test cuts: GET /api/health turns unready when the database is cut and ready again
// when it returns, while liveness stays up; GET /api/metrics needs the operator key and counts a hold, a
// payment, a gate scan and the requests by route pattern; a request's id is echoed and written on its log
// line, read from the site's output (the logger's destination).
import { expect, it, vi } from 'vitest';
import { describeOnPostgres } from '../support/postgres';
import { useSiteBehindProxy } from '../support/site-behind-proxy';
import { OPS_KEY, staffEmail, TEST_SITE_ENV, uniqueEmail, Visitor } from './sites';
import { buyTodaysTickets } from './supplier-scenarios';

/** The value of one series in Prometheus's text format (0 when it has not been written yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describeOnPostgres('the operator’s view of a site on PostgreSQL', (adminUrl) => {
  // Three wrong operator keys from one address, then 429.
  const behind = useSiteBehindProxy(adminUrl, { ...TEST_SITE_ENV, RATE_LIMIT_KEY_FAILURES_PER_IP: '3/15m' });

  const scrape = async (key = OPS_KEY) => fetch(`${behind.site.url}/api/metrics`, { headers: { authorization: `Bearer ${key}` } });

  it('refuses the metrics without the operator key, or with a wrong one, and throttles wrong keys', async () => {
    const none = await fetch(`${behind.site.url}/api/metrics`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const guesser = new Visitor(behind.site.url);
    const guess = () => guesser.request('/api/metrics', { headers: { authorization: 'Bearer not-the-operator-key-0123' } });
    for (let n = 1; n <= 3; n++) {
      const wrong = await guess();
      expect(wrong.status, `guess ${n}`).toBe(401);
      expect(await wrong.text()).not.toContain('skypass_');
    }
    const throttled = await guess();
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right key from that address still passes (decision 0035).
    expect((await guesser.request('/api/metrics', { headers: { authorization: `Bearer ${OPS_KEY}` } })).status).toBe(200);
  });

  it('counts a hold, its payment and a gate scan, and the requests by route pattern and status', async () => {
    const before = await (await scrape()).text();
    const buyer = new Visitor(behind.site.url);
    await buyer.signIn(uniqueEmail('observed'));
    const { codes } = await buyTodaysTickets(behind.site.url, behind.database.url, buyer, 1);
    const gate = new Visitor(behind.site.url);
    await gate.signInAsStaff(staffEmail('gate', 18));
    const scan = (await (await gate.postJson('/api/staff/gate/scan', { code: codes[0]!, gate: 'Gate 1' })).json()) as { verdict: string };
    expect(scan.verdict).toBe('VALID');

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = await response.text();
    const grew = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(grew('skypass_holds_total', { reseller: 'website' })).toBe(1);
    expect(grew('skypass_payments_total', { purpose: 'order', outcome: 'confirmed' })).toBe(1);
    expect(grew('skypass_gate_scans_total', { verdict: 'VALID' })).toBe(1);
    expect(grew('skypass_http_requests_total', { route: '/api/staff/gate/scan', method: 'POST', status: '200' })).toBe(1);
    expect(grew('skypass_http_request_duration_seconds_count', { route: '/api/auth/octo/bookings/payWithPayment', method: 'POST', status: '201' })).toBe(1);
    // Patterns, not URLs: the OCTO calls above are one series whatever their path.
    expect(sample(after, 'skypass_http_requests_total', { route: '/api/octo/[...path]' })).toBeGreaterThan(0);
    expect(after).not.toMatch(/route="\/octo\/|route="\/api\/octo\/products/);
    // Registered before the queue exists; the jobs' lag read at the scrape, every kind listed.
    expect(after).toContain('skypass_onsale_queue_length 0');
    expect(after).toContain('skypass_onsale_admissions_total 0');
    expect(after).toMatch(/^skypass_job_lag_seconds\{kind="payments\.check"\} \d/m);
  });

  it('echoes a request’s id and writes it on the request’s log line, one JSON object a line', async () => {
    // next-auth's routes are wrapped too (they do not go through jsonRoute).
    const res = await fetch(`${behind.site.url}/api/auth/providers`, { headers: { 'x-request-id': 'observe-test-7f3a' } });
    expect(res.headers.get('x-request-id')).toBe('observe-test-7f3a');
    // The line is written once the answer is sent: it reaches the site's output a moment after.
    const answered = await vi.waitFor(() => {
      const line = behind.site
        .log()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((parsed) => parsed.requestId === 'observe-test-7f3a');
      if (!line) throw new Error('not logged yet');
      return line;
    });
    expect(answered).toMatchObject({ level: 'info', msg: '[http] answered', route: '/api/auth/[...nextauth]', method: 'GET', status: 200 });
    // An id that could forge a log line is replaced by one of ours.
    const forged = await fetch(`${behind.site.url}/api/auth/providers`, { headers: { 'x-request-id': 'a b"}' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Pages have theirs too (src/proxy.ts), handed to their server code.
    const page = await fetch(`${behind.site.url}/products`, { headers: { 'x-request-id': 'observe-page-1' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).toBe('observe-page-1');
    // No member's address in the log: the sign-ins above are masked.
    expect(behind.site.log()).not.toMatch(/observed\.[0-9a-f]{12}@example\.com/);
  });

  it('turns unready when the database is cut, stays live, and is ready again when it returns', async () => {
    const ready = await fetch(`${behind.site.url}/api/health`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up', jobs: { status: 'ok', lagSeconds: expect.any(Number), maxLagSeconds: 600 } });

    await behind.proxy.cut();
    const unready = await fetch(`${behind.site.url}/api/health`);
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({ status: 'unready', database: 'down', jobs: { status: 'unknown', lagSeconds: null, maxLagSeconds: 600 } });
    for (const path of ['/api/health/live', '/api/health?live']) {
      const live = await fetch(`${behind.site.url}${path}`);
      expect(live.status, path).toBe(200);
      expect(await live.json(), path).toEqual({ status: 'live' });
    }
    // The metrics still answer, without a job lag they cannot read.
    const metrics = await scrape();
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).not.toContain('skypass_job_lag_seconds{');

    await behind.proxy.restore();
    const back = await fetch(`${behind.site.url}/api/health`);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ status: 'ready', database: 'up' });
  });
});
