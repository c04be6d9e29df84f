import type { Knex } from 'knex';

/** Rows per FETCH of an export's cursor: one batch is written while Postgres makes the next. */
const CURSOR_BATCH = 1000;

/**
 * Every row of a query through a server-side cursor, a batch at a time: memory stays flat however many rows match
 * (the Excel exports). The next batch is fetched while the caller works on the current one. `arrays`: each row
 * as the array of its columns in select order (pg's rowMode 'array'), not an object.
 */
export async function* cursorBatches<T>(db: Knex, query: Knex.QueryBuilder | Knex.Raw, options: { batchSize?: number; arrays?: boolean } = {}): AsyncGenerator<T[]> {
  const { batchSize = CURSOR_BATCH, arrays = false } = options;
  const { sql, bindings } = query.toSQL();
  const trx = await db.transaction(undefined, { isolationLevel: 'repeatable read', readOnly: true });
  const cursor = 'export_rows';
  const fetch = () =>
    trx
      .raw<{ rows: T[] }>(`FETCH ${batchSize} FROM ${cursor}`)
      .options(arrays ? { rowMode: 'array' } : {})
      .then((r) => r.rows);
  let next: Promise<T[]> | null = null;
  try {
    await trx.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, bindings as readonly Knex.RawBinding[]);
    next = fetch();
    for (;;) {
      const rows: T[] = await next;
      next = null;
      if (!rows.length) break;
      next = rows.length === batchSize ? fetch() : Promise.resolve([]);
      yield rows;
    }
  } finally {
    // The consumer may stop early (a client gone): the fetch under way must end before the transaction does.
    await next?.catch(() => undefined);
    if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
  }
}

// ----- Operator bookings -----
