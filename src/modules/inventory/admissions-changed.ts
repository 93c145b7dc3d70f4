// The admissions written or undone since an instant, for the reports summed ahead (decision 0057, 0059):
// a summed day whose admissions changed later is read again from its rows. An admission is stamped when the
// server records it (`recorded_at`): about its scan time (`redeemed_at`) at a gate online, later for a scan an
// offline gate kept and sent when back (decision 0054). So those recorded since `since` are the ones scanned
// since a minute before it (the scan's own index), and the late ones (a partial index of their own,
// ticket_redemptions_late_idx); undone ones by the undo's stamp (ticket_redemptions_undone_idx).
import { sql, type SQL } from 'drizzle-orm';

/** The predicate of ticket_redemptions_late_idx, written as the index's (the planner matches it). */
export const RECORDED_LATE = sql.raw(`recorded_at - redeemed_at > interval '1 minute'`);

/** `select id, booking_uuid, redeemed_at` of the admissions recorded or undone since `since`. */
export function admissionsChangedSince(since: Date): SQL {
  const aMinuteBefore = new Date(since.getTime() - 60_000);
  return sql`select id, booking_uuid, redeemed_at from ticket_redemptions where redeemed_at >= ${aMinuteBefore}
      union
      select id, booking_uuid, redeemed_at from ticket_redemptions where ${RECORDED_LATE} and recorded_at >= ${since}
      union
      select id, booking_uuid, redeemed_at from ticket_redemptions where undone_at >= ${since}`;
}
