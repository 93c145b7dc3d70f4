// Operator commands against the running site (the embedded database belongs to the server process):
//   npm run ops -- redeem <booking reference>
//   npm run ops -- load-mint-links <drop id> <file with one POAP qr_hash per line>
//   npm run ops -- cancel <booking reference> [--refund | --refund=<cents>] [--reason=<text>]
//   npm run ops -- resend <booking reference>
//   npm run ops -- today [yyyy-MM-dd]
// SKYPASS_URL (default http://localhost:$PORT or :3000) and OPS_API_KEY (the demo's key in the demo).
import fs from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const base = process.env.SKYPASS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const key = process.env.OPS_API_KEY ?? 'skypass-demo-ops-key';

function usage() {
  console.error(
    'usage: npm run ops -- redeem <booking reference>\n       npm run ops -- load-mint-links <drop id> <file of qr_hashes>\n       npm run ops -- cancel <booking reference> [--refund | --refund=<cents>] [--reason=<text>]\n       npm run ops -- resend <booking reference>\n       npm run ops -- today [yyyy-MM-dd]',
  );
  process.exit(2);
}

async function call(path, body) {
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.error(`The site at ${base} could not be reached: ${error.message}. Is it running (npm start)?`);
    process.exit(1);
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    console.error(`Refused (${response.status}): ${answer.error ?? 'no reason given'}`);
    process.exit(1);
  }
  return answer;
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
} else if (command === 'cancel' && args.length >= 1 && !args[0].startsWith('--')) {
  const flags = Object.fromEntries(args.slice(1).map((a) => [a.replace(/^--/, '').split('=')[0], a.includes('=') ? a.slice(a.indexOf('=') + 1) : true]));
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
} else {
  usage();
}
