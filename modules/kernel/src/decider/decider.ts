/**
 * A decider is the whole behaviour of one aggregate as pure functions: no Nest, no I/O.
 * decide() answers the events a command causes in a state (or throws an AppError);
 * evolve() folds one event into the state.
 */
export interface Decider<Command, Event extends { type: string; data: unknown }, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<E extends { type: string; data: unknown }, S>(decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>, events: E[]): S {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
}
