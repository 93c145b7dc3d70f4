// The waitlist's worker in the server process: every few seconds (holds that run out free places with
// no event; other servers' cancellations) and at once when this process frees places.
import { offerFreedPlaces } from '@/modules/waitlist/offer-places';
import { onPlacesFreed } from '@/modules/waitlist/waitlist-signal';
import { startBackgroundLoop } from './background-loop';
import { getCheckoutDeps } from './checkout';

const OFFER_EVERY_MS = 5_000;

let started = false;

export function startWaitlistWorker(): void {
  if (started) return;
  started = true;
  const loop = startBackgroundLoop('waitlist:offer', OFFER_EVERY_MS, async () => {
    const run = await offerFreedPlaces(await getCheckoutDeps());
    if (run.offered || run.booked || run.expired) console.log(`[waitlist] offered ${run.offered}, booked ${run.booked}, expired ${run.expired}`);
  });
  onPlacesFreed(loop.kick);
}
