// Operator commands against the running site (the embedded database belongs to the server process):
//   npm run ops -- redeem <booking reference>
//   npm run ops -- load-mint-links <drop id> <file with one POAP qr_hash per line>
//   npm run ops -- cancel <booking reference> [--refund | --refund=<cents>] [--reason=<text>]
//   npm run ops -- close-day <yyyy-MM-dd> "<reason>"
//   npm run ops -- open-day <yyyy-MM-dd>
//   npm run ops -- set-capacity <option id> <yyyy-MM-dd> [HH:MM] <capacity | reset>   (no time: every slot of the day)
// SKYPASS_URL (default http://localhost:$PORT or :3000) and OPS_API_KEY (the demo's key in the demo).
import fs from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const base = process.env.SKYPASS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const key = process.env.OPS_API_KEY ?? 'skypass-demo-ops-key';

function usage() {
  console.error(
    'usage: npm run ops -- redeem <booking reference>\n       npm run ops -- load-mint-links <drop id> <file of qr_hashes>\n       npm run ops -- cancel <booking reference> [--refund | --refund=<cents>] [--reason=<text>]\n       npm run ops -- close-day <yyyy-MM-dd> "<reason>"\n       npm run ops -- open-day <yyyy-MM-dd>\n       npm run ops -- set-capacity <option id> <yyyy-MM-dd> [HH:MM] <capacity | reset>',
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
} else {
  usage();
}
