// One signing key for every server of a site (decision 0033): the database keeps the public key of the
// site's TICKET_SIGNING_KEY, written by the first server that starts on it; every server checks at start-up
// that its own key is that one, and refuses to start otherwise, so no server signs tickets the others read
// as FORGED. A rotation is a server started with the new key and the old one as TICKET_SIGNING_KEY_PREVIOUS:
// the database takes the new key, and a server still on the old one is told so.
import { eq } from 'drizzle-orm';
import type { Database } from './db/client';
import { ticketSigningKey } from './db/schema';
import { rawPublicKey, type TicketKeys } from './ticket-keys';
import { serverNow } from './clock';
import { log } from '@/server/log';

const SITE = 'site';
/** Enough of a public key for an operator to tell two apart, not the whole key in a log line. */
const short = (raw: string) => `${raw.slice(0, 8)}…`;

/** Why this server must not start with these keys, in one line; undefined when they are the site's. */
export async function ticketKeyRefusal(db: Database, keys: TicketKeys, at: Date = serverNow()): Promise<string | undefined> {
  const mine = rawPublicKey(keys.publicKey);
  const previous = keys.previousPublicKey ? rawPublicKey(keys.previousPublicKey) : undefined;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // The first signing server of a database names the key; a server that only verifies never does.
    if (keys.privateKey) await tx.insert(ticketSigningKey).values({ id: SITE, publicKey: mine, updatedAt: at }).onConflictDoNothing();
    const [row] = await tx.select().from(ticketSigningKey).where(eq(ticketSigningKey.id, SITE)).for('update');
    if (!row || row.publicKey === mine) return undefined;
    if (keys.privateKey && previous === row.publicKey) {
      await tx.update(ticketSigningKey).set({ publicKey: mine, previousPublicKey: row.publicKey, updatedAt: at }).where(eq(ticketSigningKey.id, SITE));
      log.info(`[skypass] ticket signing key rotated: ${short(row.publicKey)} → ${short(mine)} (the previous one still verifies)`);
      return undefined;
    }
    if (row.previousPublicKey === mine) {
      return `TICKET_SIGNING_KEY is this site's previous key: the other servers now sign with the key whose public key starts ${short(row.publicKey)}`;
    }
    return `TICKET_SIGNING_KEY differs from the key the other servers of this database sign with (public key ${short(row.publicKey)}): give every server the same key`;
  });
}
