// The two ways the wallet worker reaches passes already saved: Apple's push service (a device is told
// that a pass changed and then fetches it) and Google Wallet's REST API (an event ticket object is set
// INACTIVE, a membership card's loyalty object rewritten). Each answers the HTTP status it got; the `wallet.push` job decides what counts as done.
export type ApplePushService = {
  /** An empty push to a device's token for a pass type (the topic). */
  push(pushToken: string, topic: string): Promise<{ status: number; reason?: string }>;
  close(): void;
};

export type GoogleWalletObjects = {
  /** PATCHes the event ticket object `objectId` to state INACTIVE. */
  deactivate(objectId: string): Promise<{ status: number }>;
  /** PATCHes the loyalty object `objectId` (a membership card, decision 0043) with `fields`. */
  updateLoyalty(objectId: string, fields: object): Promise<{ status: number }>;
};
