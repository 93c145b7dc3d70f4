// A server process's share of the on-sale queue's clock work, for tests/integration/onsale-queue.test.ts:
// run as its own Node process (tsx) on DATABASE_URL, it ticks the on-sale ONSALE_ID at the shop times
// START + k * STEP (k = 0 .. STEPS), as a server answering waiting buyers would, and prints how many buyers it
// let through (its admissions counter). Both processes start at GO_AT, so that their ticks overlap.
import { eq } from 'drizzle-orm';
import { tickQueue } from '@/modules/onsale/tick-queue';
import { openDatabase } from '@/server/db/client';
import { onsales } from '@/server/db/schema';
import { metrics } from '@/server/metrics';

async function main() {
  const { DATABASE_URL, ONSALE_ID, START, STEP, STEPS, GO_AT } = process.env;
  const opened = await openDatabase({ databaseUrl: DATABASE_URL!, dataDir: '/nonexistent' });
  // Both processes start at GO_AT (real time), so that their ticks overlap.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(GO_AT) - Date.now())));
  for (let k = 0; k <= Number(STEPS); k++) {
    const [row] = await opened.db.select().from(onsales).where(eq(onsales.id, ONSALE_ID!));
    await tickQueue(opened.db, row!, new Date(Number(START) + k * Number(STEP)));
  }
  const admitted = (await metrics().onsaleAdmissions.get()).values[0]?.value ?? 0;
  process.stdout.write(`${JSON.stringify({ admitted })}\n`);
  await opened.close();
}

void main();
