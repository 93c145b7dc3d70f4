// docs/product.md#states: the tracked minted token ids are compared with each new answer to find new tokens.
// The first answer only starts the tracking: nothing is "new" on the first load.

/** The ids in `current` that were not known; undefined `known` means this is the first load. */
export function newTokenIds(known: ReadonlySet<string> | undefined, current: readonly string[]): string[] {
  if (!known) return [];
  return current.filter((id) => !known.has(id));
}
