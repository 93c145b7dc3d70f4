// One shape for every entity's states (DESIGN principle 13): a table of the moves allowed from each state,
// and `transition(from, to)`, which answers the new state or throws on a move the table does not allow.
// A status write passes its new value through `transition` and is conditional on the old one
// (`... where state = from`), so a row that moved meanwhile is not overwritten.

export class IllegalTransition extends Error {
  constructor(entity: string, from: string, to: string) {
    super(`${entity}: ${from} -> ${to} is not allowed`);
    this.name = 'IllegalTransition';
  }
}

export type TransitionTable<S extends string> = { readonly [From in S]: readonly S[] };

export type StateMachine<S extends string> = {
  readonly states: readonly S[];
  readonly table: TransitionTable<S>;
  canMove(from: S, to: S): boolean;
  /** The new state, once the table allows the move; throws IllegalTransition otherwise. */
  transition(from: S, to: S): S;
};

export function stateMachine<S extends string>(entity: string, table: TransitionTable<S>): StateMachine<S> {
  const canMove = (from: S, to: S) => table[from]?.includes(to) ?? false;
  return {
    states: Object.keys(table) as S[],
    table,
    canMove,
    transition(from, to) {
      if (!canMove(from, to)) throw new IllegalTransition(entity, from, to);
      return to;
    },
  };
}
