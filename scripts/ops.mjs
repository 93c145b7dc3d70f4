// Operator commands against the running site (the embedded database belongs to the server process):
//   npm run ops -- redeem <booking reference>
//   npm run ops -- load-mint-links <drop id> <file with one POAP qr_hash per line>
//   npm run ops -- cancel <booking reference> [--refund | --refund=<cents>] [--reason=<text>]
//   npm run ops -- resend <booking reference>
//   npm run ops -- today [yyyy-MM-dd]
//   npm run ops -- waitlist [yyyy-MM-dd]
//   npm run ops -- report [--from=yyyy-MM-dd] [--to=yyyy-MM-dd] [--report=<name>] [--csv]
//   npm run ops -- close-day <yyyy-MM-dd> "<reason>"
//   npm run ops -- open-day <yyyy-MM-dd>
//   npm run ops -- set-capacity <option id> <yyyy-MM-dd> [HH:MM] <capacity | reset>   (no time: every slot of the day)
//   npm run ops -- jobs                 (background jobs by kind and status, and the failed ones)
//   npm run ops -- jobs retry <job id>  (a failed job runs again)
// SKYPASS_URL (default http://localhost:$PORT or :3000) and OPS_API_KEY (the demo's key in the demo).
import fs from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const base = process.env.SKYPASS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const key = process.env.OPS_API_KEY ?? 'skypass-demo-ops-key';

function usage() {
  console.error(
    'usage: npm run ops -- redeem <booking reference>\n       npm run ops -- load-mint-links <drop id> <file of qr_hashes>\n       npm run ops -- cancel <booking reference> [--refund | --refund=<cents>] [--reason=<text>]\n       npm run ops -- resend <booking reference>\n       npm run ops -- today [yyyy-MM-dd]\n       npm run ops -- waitlist [yyyy-MM-dd]\n       npm run ops -- report [--from=yyyy-MM-dd] [--to=yyyy-MM-dd] [--report=sales-by-day|sales-by-product|sales-by-channel|admissions|occupancy-by-hour|members|tokens] [--csv]\n       npm run ops -- close-day <yyyy-MM-dd> "<reason>"\n       npm run ops -- open-day <yyyy-MM-dd>\n       npm run ops -- set-capacity <option id> <yyyy-MM-dd> [HH:MM] <capacity | reset>\n       npm run ops -- jobs\n       npm run ops -- jobs retry <job id>',
  );
  process.exit(2);
}

async function call(path, body, method = 'POST') {
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), Authorization: `Bearer ${key}` },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    console.error(`The site at ${base} could not be reached: ${error.message}. Is it running (npm start)?`);
    process.exit(1);
  }
  const text = await response.text();
  const answer = (() => {
    try {
      return JSON.parse(text);
    } catch {
      return { text };
    }
  })();
  if (!response.ok) {
    console.error(`Refused (${response.status}): ${answer.error ?? 'no reason given'}`);
    process.exit(1);
  }
  return answer;
}

/** Flags written --name=value or --name (true). */
const flagsOf = (list) => Object.fromEntries(list.map((a) => [a.replace(/^--/, '').split('=')[0], a.includes('=') ? a.slice(a.indexOf('=') + 1) : true]));

/** A table for the terminal: the first column left-aligned, the others right-aligned. */
function printTable(title, header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

function printReport(report, only) {
  const money = (minor) => (minor / 100).toFixed(2);
  const sales = (label, rows, name) =>
    printTable(`${label} (${report.currency}; counted on the day of sale)`, [name, 'bookings', 'tickets', 'sales', 'refunds', 'net'], [
      ...rows.map((r) => [r.key, r.bookings, r.tickets, money(r.gross), money(r.refunds), money(r.net)]),
      ['total', report.sales.totals.bookings, report.sales.totals.tickets, money(report.sales.totals.gross), money(report.sales.totals.refunds), money(report.sales.totals.net)],
    ]);
  console.log(`Report ${report.range.from} to ${report.range.to} (${report.timeZone})`);
  const show = (name) => !only || only === name;
  if (show('sales-by-day')) sales('Sales by day', report.sales.byDay.map((d) => ({ key: d.date, ...d })), 'date');
  if (show('sales-by-product')) sales('Sales by product', report.sales.byProduct.map((p) => ({ key: p.productId, ...p })), 'product');
  if (show('sales-by-channel')) sales('Sales by channel', report.sales.byChannel.map((c) => ({ key: c.channel, ...c })), 'channel');
  if (show('admissions')) {
    const v = report.visits;
    printTable('Visitors by visit day', ['visit day', 'tickets', 'admitted', 'no-shows', 'expected'], [
      ...v.byDay.map((d) => [d.date, d.tickets, d.admitted, d.noShows, d.expected]),
      ['total', v.totals.tickets, v.totals.admitted, v.totals.noShows, v.totals.expected],
    ]);
  }
  if (show('occupancy-by-hour')) {
    printTable('Occupancy by hour (peak inside)', ['date', 'hour', 'entries', 'exits', 'peak inside'], report.occupancy.byHour.map((h) => [h.date, h.hour, h.entries, h.exits, h.peak]));
  }
  if (show('members')) printTable('Members joined', ['date', 'joined'], [...report.members.byDay.map((d) => [d.date, d.joined]), ['total', report.members.total]]);
  if (show('tokens')) printTable('Tokens issued', ['drop', 'issued'], [...report.tokens.byDrop.map((d) => [d.dropId, d.issued]), ['total', report.tokens.total]]);
}

if (command === 'redeem' && args.length === 1) {
  const body = await call('/api/ops/redeem', { reference: args[0] });
  console.log(
    body.alreadyRedeemed
      ? `${body.reference} was already redeemed (${body.redeemedAt}).`
      : `${body.reference} redeemed at ${body.redeemedAt}; ${body.tokensEarned} attendance token(s) on their way.`,
  );
} else if (command === 'load-mint-links' && args.length === 2) {
  const qrHashes = fs.readFileSync(args[1], 'utf8').split(/\s+/).filter(Boolean);
  const body = await call('/api/ops/mint-links', { dropId: args[0], qrHashes });
  console.log(`${body.added} mint link(s) loaded for ${body.dropId}; ${body.alreadyLoaded} were loaded before.`);
} else if (command === 'report') {
  // --from 2026-11-01 is accepted as --from=2026-11-01.
  const joined = args.join(' ').replace(/--(from|to|report) (?!--)(\S+)/g, '--$1=$2').split(' ').filter(Boolean);
  if (!joined.every((a) => a.startsWith('--'))) usage();
  const flags = flagsOf(joined);
  if (Object.keys(flags).some((f) => !['from', 'to', 'report', 'csv'].includes(f))) usage();
  if (flags.csv && typeof flags.report !== 'string') flags.report = 'sales-by-day';
  const reports = ['sales-by-day', 'sales-by-product', 'sales-by-channel', 'admissions', 'occupancy-by-hour', 'members', 'tokens'];
  if (flags.report !== undefined && !reports.includes(flags.report)) usage();
  const query = new URLSearchParams(Object.entries(flags).filter(([name, value]) => name !== 'csv' && typeof value === 'string'));
  if (flags.csv) {
    const body = await call(`/api/ops/report?${query}`, undefined, 'GET');
    process.stdout.write(body.text);
  } else {
    query.delete('report');
    printReport(await call(`/api/ops/report?${query}`, undefined, 'GET'), typeof flags.report === 'string' ? flags.report : undefined);
  }
} else if (command === 'cancel' && args.length >= 1 && !args[0].startsWith('--')) {
  const flags = flagsOf(args.slice(1));
  if (Object.keys(flags).some((f) => f !== 'refund' && f !== 'reason')) usage();
  const refund = flags.refund === undefined ? 'none' : flags.refund === true ? 'full' : Number(flags.refund);
  if (typeof refund === 'number' && !Number.isInteger(refund)) usage();
  const body = await call('/api/ops/cancel', { reference: args[0], refund, ...(typeof flags.reason === 'string' ? { reason: flags.reason } : {}) });
  console.log(`${body.reference} cancelled; refund ${(body.refundAmount / 100).toFixed(2)} ${body.currency} (${body.refundStatus}). The member is e-mailed.`);
} else if (command === 'resend' && args.length === 1) {
  const body = await call('/api/ops/resend', { reference: args[0] });
  console.log(`The tickets of ${args[0].toUpperCase()} are e-mailed again to ${body.to}.`);
} else if (command === 'today' && args.length <= 1) {
  const day = await call('/api/ops/today', args[0] ? { date: args[0] } : {});
  const columns = ['capacity', 'held', 'sold', 'admitted', 'expected'];
  const rows = day.slots.map((s) => [`${s.availabilityId.slice(11, 16)} ${s.optionId}${s.status === 'CLOSED' ? ' (closed)' : ''}`, ...columns.map((c) => s[c])]);
  rows.push([`total ${day.date}`, ...columns.map((c) => day.totals[c])]);
  const width = Math.max(...rows.map((r) => String(r[0]).length));
  console.log(['slot'.padEnd(width), ...columns.map((c) => c.padStart(9))].join(' '));
  for (const row of rows) console.log([String(row[0]).padEnd(width), ...row.slice(1).map((n) => String(n).padStart(9))].join(' '));
  if (day.occupancy) console.log(`on the deck now: ${day.occupancy.inside} of ${day.occupancy.limit}`);
} else if (command === 'waitlist' && args.length <= 1) {
  const { slots } = await call('/api/ops/waitlist', args[0] ? { date: args[0] } : {});
  if (slots.length === 0) console.log('Nobody is waiting on this day.');
  for (const slot of slots) {
    console.log(`${slot.availabilityId.slice(0, 16).replace('T', ' ')} ${slot.optionId}`);
    for (const e of slot.entries) {
      const state = e.status === 'OFFERED' ? `offered until ${e.offerExpiresAt}` : 'waiting';
      console.log(`  ${String(e.position).padStart(3)}. ${e.email} (${e.name || '-'}), ${e.places} place(s), ${state}`);
    }
  }
} else if (command === 'close-day' && args.length === 2) {
  const body = await call('/api/ops/calendar/close', { date: args[0], reason: args[1] });
  console.log(`${body.date} is closed (${body.reason})${body.changed ? '' : ', as it was'}. ${body.bookings} booking(s) on this day stay valid; cancel them with npm run ops -- cancel.`);
} else if (command === 'open-day' && args.length === 1) {
  const body = await call('/api/ops/calendar/open', { date: args[0] });
  console.log(`${body.date} is open${body.changed ? ' again' : ' (it was not closed)'}.`);
} else if (command === 'set-capacity' && (args.length === 3 || args.length === 4)) {
  const [optionId, date] = args;
  const time = args.length === 4 ? args[2] : undefined;
  const value = args[args.length - 1];
  const capacity = value === 'reset' ? 'reset' : /^\d+$/.test(value) ? Number(value) : usage();
  const body = await call('/api/ops/calendar/capacity', { optionId, date, ...(time ? { time } : {}), capacity });
  for (const slot of body.slots) console.log(`${body.optionId} ${body.date} ${slot.time}: capacity ${slot.before} -> ${slot.after} (${slot.taken} taken)`);
} else if (command === 'jobs' && args.length === 0) {
  const { counts, failed } = await call('/api/ops/jobs', {});
  printTable('Jobs by kind and status', ['kind', 'status', 'jobs'], counts.map((c) => [c.kind, c.status, c.count]));
  if (failed.length === 0) console.log('\nNo job has failed.');
  else printTable('Failed jobs (npm run ops -- jobs retry <id>)', ['id', 'kind', 'attempts', 'finished', 'last error'], failed.map((j) => [j.id, j.kind, j.attempts, j.finishedAt ?? '', j.lastError ?? '']));
} else if (command === 'jobs' && args.length === 2 && args[0] === 'retry') {
  const body = await call('/api/ops/jobs/retry', { id: args[1] });
  console.log(`The ${body.kind} job ${body.id} runs again.`);
} else {
  usage();
}
