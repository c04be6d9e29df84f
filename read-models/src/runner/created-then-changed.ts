import type { Knex } from 'knex';

/**
 * The batch path of a projection keeping one row per item (a booking): creations are inserted many rows per
 * statement, since a catch-up or an as-of replay is mostly creations; every other event is applied in order, after
 * the creations read before it, as it may change a row created earlier in the same batch.
 */
export async function applyCreatedThenChanged<E extends { type: string }, R extends object>(
  events: readonly E[],
  steps: { createdType: string; rowOf(event: E): R; insert(rows: R[]): Promise<void>; change(event: E): Promise<void> },
): Promise<void> {
  let created: R[] = [];
  for (const event of events) {
    if (event.type === steps.createdType) {
      created.push(steps.rowOf(event));
      continue;
    }
    if (created.length) await steps.insert(created);
    created = [];
    await steps.change(event);
  }
  if (created.length) await steps.insert(created);
}

/** Inserts rows `chunk` at a time; a row whose key is there already (a replayed creation) is left as it is. */
export async function insertIgnoringReplays(trx: Knex.Transaction, table: string, rows: readonly object[], chunk: number): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await trx(table).insert(rows.slice(i, i + chunk)).onConflict('id').ignore();
  }
}
