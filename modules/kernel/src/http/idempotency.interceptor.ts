import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { from, of, switchMap, tap, catchError, throwError, type Observable } from 'rxjs';
import { AppError, ConflictError, ValidationError } from '../errors/app-error';
import { KNEX } from '../nest/tokens';
import type { AuthUser } from './auth/roles';
import { IdempotencyRecords, type ClaimRef } from './idempotency-records';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const PENDING_WAIT_MS = 5000;
/**
 * A claim still 'pending' after this long belongs to a request whose process died (a deploy, an OOM kill) before it
 * answered or released the key: a command is a few round trips to Postgres and answers within seconds, so two
 * minutes is far past any live request. Without a takeover every retry would answer 409 until the key is forgotten
 * a day later, and the client (the agent's add-booking form keeps its key) would never learn the outcome.
 */
export const STALE_CLAIM_SECONDS = 120;

/**
 * Who a request acts as, for the scope of its Idempotency-Key: the signed-in user (with their tenant, and the admin
 * acting as them on a 'log me in' token), or the reseller key that ResellerKeyGuard let in (it sets `req.reseller`
 * with the key's id before any interceptor runs). Null for a caller nobody authenticated: those requests get no
 * idempotency at all, so one anonymous caller can never be answered what another one was.
 */
export function idempotencyPrincipal(req: { user?: Pick<AuthUser, 'email' | 'supplierId' | 'agencyId' | 'actedBy'> | null; reseller?: unknown }): string | null {
  const user = req.user;
  if (user?.email) {
    const tenant = user.supplierId ? `supplier-${user.supplierId}` : user.agencyId ? `agency-${user.agencyId}` : 'platform';
    return `user:${user.email.toLowerCase()} ${tenant}${user.actedBy ? ` actedby:${user.actedBy.toLowerCase()}` : ''}`;
  }
  const keyId = (req.reseller as { keyId?: unknown } | null | undefined)?.keyId;
  if (typeof keyId === 'number' && Number.isSafeInteger(keyId) && keyId > 0) return `resellerkey:${keyId}`;
  return null;
}

/**
 * Top-level fields of an answer that carry a secret shown once (a generated password, a token, an issued API key):
 * such an answer is not written to command_idempotency, where it would sit in clear for a day.
 */
const SECRET_FIELDS = new Set(['password', 'token', 'accesstoken', 'refreshtoken', 'key', 'apikey', 'secret']);

export function carriesSecret(answer: unknown): boolean {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return false;
  return Object.keys(answer).some((k) => SECRET_FIELDS.has(k.toLowerCase()));
}

export const SECRET_ANSWER_WITHHELD = 'This request was already done. Its answer held a secret, which is not kept: look the result up instead of sending the request again';

/**
 * A command's hold on its Idempotency-Key while it runs (idempotentWorkOf). A command that makes something under an
 * id it allocates notes that id before writing; a retry that takes over the claim of a process that died finds the
 * note in `earlier` and settles that run (answers what it made, or voids what it left half done) instead of making a
 * second one beside it.
 */
export interface IdempotentWork {
  /** What the run this request took over had noted; null for a first run, or a dead run that noted nothing. */
  earlier: unknown;
  /** Records `work` on the claim; refuses (409) a request whose claim a retry has taken over, so it writes nothing. */
  note(work: unknown): Promise<void>;
}

export const CLAIM_TAKEN_OVER = 'A later request with this Idempotency-Key took it over: this one made nothing. Its answer is the later one';

const WORK = Symbol('idempotent work');

/** The request's hold on its Idempotency-Key; undefined without a key (or for a caller nobody authenticated). */
export function idempotentWorkOf(req: object): IdempotentWork | undefined {
  return (req as { [WORK]?: IdempotentWork })[WORK];
}

type Claimed = { answer: StoredAnswer } | { earlier: unknown };

interface StoredAnswer {
  code: number;
  answer: unknown;
  /** The answer carried a secret and was not stored: a repeat is refused instead of answered. */
  withheld?: boolean;
}

/**
 * A client may send `Idempotency-Key` with a command. The first request with a key claims it;
 * a repeat gets the first answer back and changes nothing. A repeat that arrives while the
 * first is still running waits for it. The key is scoped to the authenticated caller (a user or a
 * reseller key: idempotencyPrincipal), the route and its path parameters; a request nobody
 * authenticated (sign-in) ignores the header. An answer that carries a secret is not stored: its
 * repeat answers 409 (SECRET_ANSWER_WITHHELD) and still changes nothing. A claim left pending for longer than
 * STALE_CLAIM_SECONDS is taken over by the next request with that key, which settles what the dead run noted
 * (IdempotentWork) or does the command again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly records: IdempotencyRecords;

  constructor(@Inject(KNEX) private readonly db: Knex) {
    this.records = new IdempotencyRecords(db);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser; reseller?: unknown }>();
    const key = req.header(IDEMPOTENCY_HEADER);
    if (!key || req.method === 'GET' || req.method === 'HEAD') return next.handle();
    const principal = idempotencyPrincipal(req);
    if (!principal) return next.handle();
    if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) {
      throw new ValidationError('Idempotency-Key must be 8 to 100 letters, digits or _.:-');
    }
    const scope = `${principal} ${req.method} ${req.route?.path ?? req.path}`;
    // The path's parameters belong to the request: the same key on /staff/5 and /staff/6 is two requests.
    const hash = createHash('sha256')
      .update(JSON.stringify({ params: req.params ?? {}, body: req.body ?? null }))
      .digest('hex');
    const res = context.switchToHttp().getResponse<Response>();
    const claim = { scope, key, token: randomUUID() };
    return this.claim(claim, hash).then((claimed) => {
      if ('answer' in claimed) {
        if (claimed.answer.withheld) throw new ConflictError(SECRET_ANSWER_WITHHELD);
        res.status(claimed.answer.code);
        return of(claimed.answer.answer);
      }
      const work: IdempotentWork = {
        earlier: claimed.earlier,
        note: async (w) => {
          if (!(await this.records.note({ ...claim, work: w }))) throw new ConflictError(CLAIM_TAKEN_OVER);
        },
      };
      (req as { [WORK]?: IdempotentWork })[WORK] = work;
      return next.handle().pipe(
        switchMap((answer) => {
          const stored: StoredAnswer = carriesSecret(answer) ? { code: res.statusCode, answer: null, withheld: true } : { code: res.statusCode, answer: answer ?? null };
          return from(this.records.answer({ ...claim, answer: stored }).then(() => answer));
        }),
        catchError((err) =>
          // A takeover that failed settling the dead run keeps that run's note for the next retry.
          from(this.records.release(claim, claimed.earlier != null)).pipe(switchMap(() => throwError(() => err))),
        ),
        tap({ error: () => undefined }),
      );
    });
  }

  private async claim(claim: ClaimRef, hash: string): Promise<Claimed> {
    const { scope, key } = claim;
    if (await this.records.claim({ ...claim, hash })) return { earlier: null };
    const deadline = Date.now() + PENDING_WAIT_MS;
    for (;;) {
      // Staleness is judged by the database's clock, the one that wrote created_at, not this process's.
      const row = await this.db('command_idempotency')
        .where({ scope, key })
        .first<{ request_hash: string; status: string; answer: StoredAnswer | null; stale: boolean }>(
          'request_hash',
          'status',
          'answer',
          this.db.raw(`created_at < now() - make_interval(secs => ?) AS stale`, [STALE_CLAIM_SECONDS]),
        );
      if (!row) return this.claim(claim, hash);
      if (row.request_hash !== hash) {
        throw new AppError(422, 'Unprocessable request', 'This Idempotency-Key was already used for a different request');
      }
      if (row.status === 'done' && row.answer) return { answer: row.answer };
      if (row.stale) {
        const taken = await this.takeOver(claim, hash);
        if (taken) return taken;
      }
      if (Date.now() > deadline) throw new ConflictError('The first request with this Idempotency-Key is still being processed');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Claims a key whose claim went stale (STALE_CLAIM_SECONDS). One statement, so of two retries at once exactly one
   * takes it: the other's UPDATE re-checks the row after the first commits, finds created_at fresh, and goes on
   * waiting for the taker's answer like any repeat. created_at is renewed as the claim's time (the cleanup then keeps
   * the key a day from the takeover), and the claim's token becomes the retry's: a run that was only slow can no
   * longer answer, note on or release it. The retry gets what the dead run noted (IdempotentWork): a booking create
   * answers the booking that run made, or voids its half-written one, rather than book twice. A command that notes
   * nothing is done again, with its own new ids.
   */
  private async takeOver(claim: ClaimRef, hash: string): Promise<{ earlier: unknown } | null> {
    const taken = await this.db('command_idempotency')
      .where({ scope: claim.scope, key: claim.key, request_hash: hash, status: 'pending' })
      .andWhere('created_at', '<', this.db.raw(`now() - make_interval(secs => ?)`, [STALE_CLAIM_SECONDS]))
      .update({ created_at: this.db.fn.now(), claim_token: claim.token })
      .returning<{ work: unknown }[]>('work');
    return taken.length > 0 ? { earlier: taken[0]!.work ?? null } : null;
  }
}
