// Operator commands against the running site (the embedded database belongs to the server process):
//   npm run ops -- redeem <booking reference>
// SKYPASS_URL (default http://localhost:$PORT or :3000) and OPS_API_KEY (the demo's key in the demo).
const [command, ...args] = process.argv.slice(2);
const base = process.env.SKYPASS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const key = process.env.OPS_API_KEY ?? 'skypass-demo-ops-key';

function usage() {
  console.error('usage: npm run ops -- redeem <booking reference>');
  process.exit(2);
}

if (command !== 'redeem' || args.length !== 1) usage();

let response;
try {
  response = await fetch(`${base}/api/ops/redeem`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ reference: args[0] }),
  });
} catch (error) {
  console.error(`The site at ${base} could not be reached: ${error.message}. Is it running (npm start)?`);
  process.exit(1);
}
const body = await response.json().catch(() => ({}));
if (!response.ok) {
  console.error(`Refused (${response.status}): ${body.error ?? 'no reason given'}`);
  process.exit(1);
}
console.log(
  body.alreadyRedeemed
    ? `${body.reference} was already redeemed (${body.redeemedAt}).`
    : `${body.reference} redeemed at ${body.redeemedAt}; ${body.tokensEarned} attendance token(s) on their way.`,
);
