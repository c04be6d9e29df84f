/**
 * Applies events in their order, handing each run of consecutive events that `joins` takes to `bulk` in one call
 * and every other event to `one`: a batch's creations (or seat counts) become a statement or two, while an event
 * that may depend on what came before it is applied after everything read before it.
 */
export async function applyInRuns<E, J extends E>(events: readonly E[], joins: (event: E) => event is J, bulk: (run: J[]) => Promise<void>, one: (event: E) => Promise<void>): Promise<void> {
  let run: J[] = [];
  for (const event of events) {
    if (joins(event)) {
      run.push(event);
      continue;
    }
    if (run.length) await bulk(run);
    run = [];
    await one(event);
  }
  if (run.length) await bulk(run);
}
