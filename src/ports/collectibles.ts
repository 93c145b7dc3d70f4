// The collectibles port: issuing a member's token for a drop. The local issuer (default) keeps tokens in
// the database; the POAP issuer mints real POAPs through the POAP API.
export type IssueRequest = {
  /** Our id of this piece of work: an issuer must give the same token when called again with it. */
  issueId: string;
  dropId: string;
  poapEventId: number | null;
  email: string;
  /** The mint link taken for this issue by an earlier attempt, if any. */
  mintLink: string | null;
};

export class IssuerError extends Error {
  constructor(
    readonly code: 'pool_empty' | 'unavailable' | 'refused' | 'not_configured',
    message: string,
  ) {
    super(message);
    this.name = 'IssuerError';
  }
}

export type CollectedToken = { tokenId: string; dropId: string | null; eventId: number | null; createdAt: string };

export interface CollectiblesIssuer {
  readonly name: 'local' | 'poap';
  /** The tokens an address holds, as the issuer itself knows them. */
  collection(email: string): Promise<CollectedToken[]>;
  /** Issues the token and answers its id; `rememberMintLink` keeps a taken mint link for retries. */
  issue(request: IssueRequest, rememberMintLink: (mintLink: string) => Promise<void>): Promise<{ tokenId: string }>;
}
