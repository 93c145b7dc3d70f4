// What the on-sale's use cases work with: the queue's store (the shared database), the clock and the site's
// secret that signs passes. The routes pass the configured ones (wiring/onsale.ts), tests their own.
import type { Database } from '@/server/db/client';

export type OnsaleDeps = {
  db: Database;
  now: () => Date;
  /** The site's secret (NEXTAUTH_SECRET): the key of the passes' HMAC. */
  secret: string;
  /** How long the queue's store may take before the queue answers "busy, ask again" (never "go through"); 5 s. */
  storeTimeoutMs?: number;
  /** How long a server may answer from what it read of the on-sales (their rows, the live ones) before reading
   * again (onsale-reads.ts, decision 0061); 0 or unset: read each time. */
  cacheMs?: number;
};
