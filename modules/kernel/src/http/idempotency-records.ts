import DataLoader from 'dataloader';
import type { Knex } from 'knex';

/** A key's claim as one request holds it: `token` is that request's, so only it may answer, note on or release it. */
export interface ClaimRef {
  scope: string;
  key: string;
  token: string;
}

export interface IdempotencyClaim extends ClaimRef {
  hash: string;
}

export interface IdempotencyNote extends ClaimRef {
  work: unknown;
}

export interface IdempotencyAnswer extends ClaimRef {
  answer: { code: number; answer: unknown };
}

/**
 * Claims and answers commit without waiting for the WAL flush (a set_config in a CTE the statement reads,
 * for its own transaction only). Nothing is lost that matters: a command's own appends flush the WAL up to
 * and past its claim, and an answer lost to a crash is the same as a crash just before it was written, which
 * a retry already meets as "still being processed".
 */
const ASYNC_COMMIT = `async AS (SELECT set_config('synchronous_commit', 'off', true))`;

const batched = { cache: false, batchScheduleFn: (run: () => void) => setImmediate(run) };

/** How old a released claim that keeps its note is made: older than any claim still held (STALE_CLAIM_SECONDS). */
const STALE_AFTER_RELEASE_SECONDS = 3600;

/**
 * The command_idempotency rows of the requests in flight. The claims (and the answers) asked for in one turn of
 * the event loop are written by one statement: under a stream of bookings each request's two writes were a
 * seventh of its round trips.
 */
export class IdempotencyRecords {
  private readonly claims = new DataLoader<IdempotencyClaim, boolean>((asks) => this.insertClaims(asks), batched);
  private readonly answers = new DataLoader<IdempotencyAnswer, void>((asks) => this.writeAnswers(asks), batched);
  private readonly notes = new DataLoader<IdempotencyNote, boolean>((asks) => this.writeNotes(asks), batched);

  constructor(private readonly db: Knex) {}

  /** True when this request claimed the key; false when another request had (or, in the same batch, has) it. */
  claim(claim: IdempotencyClaim): Promise<boolean> {
    return this.claims.load(claim);
  }

  answer(answer: IdempotencyAnswer): Promise<void> {
    return this.answers.load(answer);
  }

  /**
   * What the running command is about to write, kept on its pending claim for a retry that takes the claim over.
   * False when the request no longer holds the claim (a retry took it over while this one was slow): the command
   * must then write nothing. The note and a takeover update the same row, so one of them sees the other. It commits
   * with the WAL flush, unlike claims and answers: on the Postgres store the command's own appends would flush it
   * anyway, but on EventStoreDB nothing else does, and a note lost to a crash is a retry that books a second time.
   */
  note(note: IdempotencyNote): Promise<boolean> {
    return this.notes.load(note);
  }

  /**
   * A failed command leaves nothing behind: the client may try again with the same key. Except `keepNote`: a retry
   * that took the claim over failed while settling what the dead run noted. The note stays, and the claim is left
   * stale at once (no holder), so the next retry takes it over and settles that run again.
   */
  async release(claim: ClaimRef, keepNote = false): Promise<void> {
    const held = this.db('command_idempotency').where({ scope: claim.scope, key: claim.key, claim_token: claim.token, status: 'pending' });
    if (!keepNote) await held.delete();
    else await held.update({ claim_token: null, created_at: this.db.raw(`now() - make_interval(secs => ?)`, [STALE_AFTER_RELEASE_SECONDS]) });
  }

  private async insertClaims(asks: readonly IdempotencyClaim[]): Promise<boolean[]> {
    // The same key twice in one batch: only its first ask may claim it (ON CONFLICT DO NOTHING returns the row once).
    const firsts = new Map<string, number>();
    asks.forEach((a, i) => firsts.has(claimKey(a)) || firsts.set(claimKey(a), i));
    const rows = [...firsts.values()].map((i) => asks[i]!);
    const res = await this.db.raw<{ rows: { scope: string; key: string }[] }>(
      `WITH ${ASYNC_COMMIT}
       INSERT INTO command_idempotency (scope, key, request_hash, status, claim_token)
       SELECT c.scope, c.key, c.hash, 'pending', c.token FROM async, unnest(?::text[], ?::text[], ?::text[], ?::uuid[]) AS c(scope, key, hash, token)
       ON CONFLICT (scope, key) DO NOTHING RETURNING scope, key`,
      [rows.map((r) => r.scope), rows.map((r) => r.key), rows.map((r) => r.hash), rows.map((r) => r.token)],
    );
    const claimed = new Set(res.rows.map(claimKey));
    return asks.map((a, i) => firsts.get(claimKey(a)) === i && claimed.has(claimKey(a)));
  }

  private async writeAnswers(asks: readonly IdempotencyAnswer[]): Promise<void[]> {
    await this.db.raw(
      `WITH ${ASYNC_COMMIT}
       UPDATE command_idempotency c SET status = 'done', answer = a.answer
         FROM async, unnest(?::text[], ?::text[], ?::uuid[], ?::jsonb[]) AS a(scope, key, token, answer)
        WHERE c.scope = a.scope AND c.key = a.key AND c.claim_token = a.token`,
      [asks.map((a) => a.scope), asks.map((a) => a.key), asks.map((a) => a.token), asks.map((a) => JSON.stringify(a.answer))],
    );
    return asks.map(() => undefined);
  }

  private async writeNotes(asks: readonly IdempotencyNote[]): Promise<boolean[]> {
    const res = await this.db.raw<{ rows: { token: string }[] }>(
      `UPDATE command_idempotency c SET work = n.work
         FROM unnest(?::text[], ?::text[], ?::uuid[], ?::jsonb[]) AS n(scope, key, token, work)
        WHERE c.scope = n.scope AND c.key = n.key AND c.claim_token = n.token AND c.status = 'pending'
        RETURNING c.claim_token::text AS token`,
      [asks.map((a) => a.scope), asks.map((a) => a.key), asks.map((a) => a.token), asks.map((a) => JSON.stringify(a.work ?? null))],
    );
    const held = new Set(res.rows.map((r) => r.token));
    return asks.map((a) => held.has(a.token));
  }
}

function claimKey(c: { scope: string; key: string }): string {
  return `${c.key}\u0000${c.scope}`;
}
