// The biggest day's buyers (bench/onsale.mjs), in a process of their own: the benchmark forks several, so that
// the browsers it plays are spread over processes as real ones are (each waiting room holds one connection,
// and one process may hold only so many: `ulimit -n`, 20,000 here), and each sends back what it measured.
// A buyer joins, waits as the waiting room does (the pushed answers on one event stream, decision 0073; with
// `stream: false`, asking as often as the server says, queuePollDelay), and when let through reads the day's
// slots and holds one adult with the pass, trying another slot when one fills.
// HTTP/1.1 with node:http and a keep-alive agent: a fraction of fetch's CPU for each request, which matters on a
// machine that also runs the site.
import crypto from 'node:crypto';
import http from 'node:http';
import { queuePollDelay } from '../src/universal/queue-poll.ts';

/** As a browser's EventSource: how soon a cut stream is opened again. */
const RECONNECT_MS = 3_000;
/** As fetch's (undici's) default: a connection not made in 10 s fails. */
const CONNECT_TIMEOUT_MS = 10_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** A browser of one member: their cookies, an address of their own, the server the balancer sends them to. */
function browser({ url, cookies }) {
  const jar = new Map(cookies);
  const address = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const base = new URL(url);
  /** Resolves when the answer's head is in: `{ status, headers, res }` (the body still to read). */
  function send(path, { method = 'GET', body, accept } = {}) {
    return new Promise((resolve, reject) => {
      const headers = { 'x-forwarded-for': address, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), origin: base.origin };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (accept) headers.accept = accept;
      const req = http.request({ host: base.hostname, port: base.port, path, method, headers, agent }, (res) => {
        for (const cookie of res.headers['set-cookie'] ?? []) {
          const [pair] = cookie.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        resolve({ status: res.statusCode, headers: res.headers, res });
      });
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(() => req.destroy(Object.assign(new Error('connect timeout'), { code: 'CONNECT_TIMEOUT' })), CONNECT_TIMEOUT_MS);
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }
  return { send };
}

/** The answer's body, read whole, as JSON. */
function json(answer) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    answer.res.on('data', (c) => chunks.push(c));
    answer.res.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    answer.res.on('error', reject);
  });
}

/** Plays `members` (each `{ index, url, cookies }`: their place in the order of arrival) and answers what it measured. */
export async function runBuyers({ members, total, start, seconds, onsaleId, day, option, stream }) {
  /** Every request's time and status. */
  const answers = [];
  const holdRefusals = {};
  const outcomes = [];
  let pushes = 0;
  let streamsCut = 0;
  const cpuAtStart = process.cpuUsage();

  async function timed(what, run) {
    const started = performance.now();
    // When it was sent, in ms from the first arrival (the report's timeline of joins).
    const at = Date.now() - start;
    try {
      const answer = await run();
      answers.push({ what, at, ms: performance.now() - started, status: answer.status });
      return answer;
    } catch (error) {
      answers.push({ what, at, ms: performance.now() - started, status: 0, cause: error.code ?? error.message });
      throw error;
    }
  }

  /** The waiting room's event stream (GET, after a cut), read to its end: its last message (an answer that ends
   * the wait, or `{ask: true}`), 'refused' when it was not opened, undefined when it was cut before saying anything. */
  async function listen(member) {
    const answer = await timed('stream', () => member.send(`/api/onsale/${onsaleId}/events`));
    if (answer.status !== 200) {
      answer.res.resume();
      return 'refused';
    }
    return readEvents(answer);
  }

  /** An event stream's messages, read to its end: its last one (undefined when it said nothing). */
  function readEvents(answer) {
    return new Promise((resolve) => {
      let buffer = '';
      let last;
      answer.res.setEncoding('utf8');
      answer.res.on('data', (chunk) => {
        buffer += chunk;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const data = buffer.slice(0, at).split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          buffer = buffer.slice(at + 2);
          if (!data) continue;
          last = JSON.parse(data);
          pushes += 1;
        }
      });
      answer.res.on('end', () => resolve(last));
      answer.res.on('error', () => {
        streamsCut += 1;
        resolve(last);
      });
    });
  }

  const ask = async (member) => json(await timed('status', () => member.send(`/api/onsale/${onsaleId}`)));
  const join = async (member, what) => json(await timed(what, () => member.send(`/api/onsale/${onsaleId}`, { method: 'POST', body: {} })));
  /** The first join, as the page makes it (decision 0075): asking for the stream, which the answer is while the
   * member waits (its first event the join's answer); else the JSON answer. */
  async function firstJoin(member) {
    if (!stream) return join(member, 'join');
    const answer = await timed('join', () => member.send(`/api/onsale/${onsaleId}`, { method: 'POST', body: {}, accept: 'text/event-stream' }));
    if (!String(answer.headers['content-type']).startsWith('text/event-stream')) return json(answer);
    const last = await readEvents(answer);
    // Cut before its first event: joined or not, the page joins again.
    if (last === undefined) return join(member, 'join');
    return last.ask ? ask(member) : last;
  }

  async function buyer({ index, url, cookies }) {
    await sleep(start + (index * seconds * 1000) / total - Date.now());
    const member = browser({ url, cookies });
    const outcome = { arrivedAt: Date.now(), result: 'waiting', soldOutSeenAt: null, error: null, index };
    outcomes.push(outcome);
    try {
      let status = await firstJoin(member);
      // A wait the join's stream left unended (cut): on as after any cut stream.
      if (stream && (status.phase === 'prequeue' || status.phase === 'waiting')) await sleep(RECONNECT_MS);
      // 'busy': the queue's store was slow (decision 0056, "Slow is not down"): still in line, ask again, less
      // often each time, joining again while the join itself was not answered (as the page does).
      let joinPending = status.phase === 'busy';
      let busyStreak = joinPending ? 1 : 0;
      let streamRefused = !stream;
      while (status.phase === 'prequeue' || status.phase === 'waiting' || status.phase === 'busy') {
        if (!streamRefused && status.phase !== 'busy') {
          // As the page does: the stream until it ends; then its last word, or an ask ("ask", or cut).
          const pushed = await listen(member);
          if (pushed === 'refused') streamRefused = true;
          else if (pushed && !pushed.ask) {
            status = pushed;
            if (status.phase === 'prequeue' || status.phase === 'waiting') await sleep(RECONNECT_MS);
            continue;
          }
          if (pushed === undefined) await sleep(RECONNECT_MS);
          status = await ask(member);
          continue;
        }
        if (status.phase === 'busy') outcome.busy = (outcome.busy ?? 0) + 1;
        await sleep(queuePollDelay(status, Date.now(), busyStreak));
        status = joinPending ? await join(member, 'status') : await ask(member);
        if (status.phase !== 'busy') joinPending = false;
        busyStreak = status.phase === 'busy' ? busyStreak + 1 : 0;
      }
      if (status.phase === 'soldOut') {
        // The news reached them in the queue.
        outcome.result = 'soldOut';
        outcome.soldOutSeenAt = Date.now();
        return;
      }
      // 'over': no queue any more, or its store could not answer (fail-open): straight through, as the page does.
      if (status.phase !== 'admitted' && status.phase !== 'over') throw new Error(`phase ${status.phase}`);
      if (status.phase === 'over') outcome.failOpen = true;
      for (let attempt = 0; attempt < 8; attempt++) {
        const slots = await json(await timed('availability', () => member.send('/api/auth/octo/products/availability', { method: 'POST', body: { ...option, quantities: { adult: 1 }, selectedDate: day } })));
        const open = slots.filter((s) => s.available && (s.vacancies ?? 0) > 0);
        if (open.length === 0) break;
        const slot = open[Math.floor(Math.random() * open.length)];
        const held = await timed('hold', () => member.send('/api/auth/octo/bookings/payWithPayment', { method: 'POST', body: { ...option, quantities: { adult: 1 }, selectedTime: slot.id } }));
        const body = await json(held);
        if (held.status === 201) {
          outcome.result = 'place';
          return;
        }
        const refusal = `${held.status} ${body.code}: ${String(body.error).slice(0, 60)}`;
        if (held.status >= 500) holdRefusals[refusal] = (holdRefusals[refusal] ?? 0) + 1;
        // The queue's store too slow to check the pass (or the slot's lock busy): nothing held, try again in a moment.
        if (held.status === 503 && body.code === 'UNAVAILABLE') {
          await sleep(Number(held.headers['retry-after'] ?? 5) * 1000);
          continue;
        }
        if (body.code !== 'SOLD_OUT') throw new Error(`hold ${held.status} ${body.code}`);
      }
      // Let through, but every place went while they chose.
      outcome.result = 'soldOut';
    } catch (error) {
      outcome.error = String(error.code ?? error.message ?? error);
    }
  }

  // Until every buyer has an answer that ends their wait, or 10 minutes.
  let cap;
  await Promise.race([Promise.all(members.map(buyer)), new Promise((resolve) => (cap = setTimeout(resolve, 600_000)))]);
  clearTimeout(cap);
  const cpu = process.cpuUsage(cpuAtStart);
  return { answers, outcomes, holdRefusals, pushes, streamsCut, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

// Forked by bench/onsale.mjs: the work comes as one message, the figures go back as one.
if (process.send) {
  process.once('message', async (work) => {
    process.send(await runBuyers(work), () => process.exit(0));
  });
}
