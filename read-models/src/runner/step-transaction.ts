import type { Knex } from 'knex';

type QueryCallback = (err: Error | null, result?: unknown) => void;
interface QueryConfig {
  text: string;
  values?: unknown[];
}
/** The part of a node-postgres client a knex query uses. */
interface PgConnection {
  query(config: QueryConfig, callback: QueryCallback): void;
}

/** What a step's transaction may put off until its COMMIT. */
export interface StepCommit {
  /**
   * Runs `query` (a statement without bindings of its own; it is inlined by knex) in the same round trip as the
   * transaction's COMMIT. Only the transaction's last statement may go this way: nothing after it sees its effect.
   */
  withCommit(query: Knex.QueryBuilder | Knex.Raw): void;
}

const NO_ROWS = { command: '', rowCount: 0, rows: [], fields: [] };
const isCommit = (text: string) => /^COMMIT;?$/i.test(text);

/**
 * A projection step's transaction in three round trips instead of five. A step is BEGIN, the lock, its rows,
 * the checkpoint and COMMIT; on a quiet system those round trips are most of the time between a command's answer
 * and its change showing in a list. Here BEGIN goes out with the first statement (when it has no bindings:
 * one simple-protocol query may hold several statements) and the checkpoint with COMMIT. The work runs on a
 * knex transaction like any other; only the connection under it joins those statements.
 *
 * A statement joined to COMMIT that fails leaves the transaction open and aborted (the COMMIT after it is not
 * run), so the connection goes back to the pool only after a ROLLBACK, whatever happened.
 */
export async function stepTransaction<T>(db: Knex, work: (trx: Knex.Transaction, commit: StepCommit) => Promise<T>): Promise<T> {
  const client = db.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(c: PgConnection): Promise<unknown> };
  const raw = await client.acquireConnection();
  let beginPending = false;
  let began = false;
  let closing: string | null = null;
  let committed = false;

  const send = (text: string) =>
    new Promise<unknown>((resolve, reject) => raw.query({ text, values: [] }, (err, result) => (err ? reject(err) : resolve(Array.isArray(result) ? result[result.length - 1] : result))));
  const answer = (promise: Promise<unknown>, callback: QueryCallback) => void promise.then((r) => callback(null, r), (err: Error) => callback(err));

  const query = (config: QueryConfig, callback: QueryCallback): void => {
    const text = config.text.trim();
    const plain = !config.values || config.values.length === 0;
    if (!began && !beginPending && /^BEGIN;?$/i.test(text)) {
      beginPending = true;
      queueMicrotask(() => callback(null, NO_ROWS));
      return;
    }
    if (beginPending) {
      beginPending = false;
      // Nothing was run: there is nothing to end either.
      if (isCommit(text) || /^ROLLBACK\b/i.test(text)) return queueMicrotask(() => callback(null, NO_ROWS));
      began = true;
      if (plain) return answer(send(`BEGIN; ${text}`), callback);
      return answer(
        send('BEGIN').then(() => new Promise((resolve, reject) => raw.query(config, (err, r) => (err ? reject(err) : resolve(r))))),
        callback,
      );
    }
    if (isCommit(text)) {
      const sql = closing ? `${closing}; COMMIT` : 'COMMIT';
      closing = null;
      return answer(
        send(sql).then((r) => {
          committed = true;
          return r;
        }),
        callback,
      );
    }
    // knex's own ROLLBACK ends the transaction (a ROLLBACK TO SAVEPOINT does not).
    if (/^ROLLBACK;?$/i.test(text)) began = false;
    raw.query(config, callback);
  };
  // knex runs the transaction's statements through `query`; everything else it reads off the client itself.
  const connection = new Proxy(raw, {
    get: (target, prop) => (prop === 'query' ? query : Reflect.get(target, prop, target)),
  });

  const commit: StepCommit = {
    withCommit: (q) => {
      closing = q.toString();
    },
  };
  try {
    return await db.transaction((trx) => work(trx, commit), { connection });
  } finally {
    // Ends whatever is still open (a ROLLBACK outside a transaction is only a warning); a dead connection is
    // dropped by the pool when it is next handed out.
    if (began && !committed) await send('ROLLBACK').catch(() => undefined);
    await client.releaseConnection(raw);
  }
}
