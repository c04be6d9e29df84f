import { createHash } from 'node:crypto';
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { from, of, switchMap, tap, catchError, throwError, type Observable } from 'rxjs';
import { AppError, ConflictError, ValidationError } from '../errors/app-error';
import { KNEX } from '../nest/tokens';
import type { AuthUser } from './auth/roles';
import { IdempotencyRecords } from './idempotency-records';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const PENDING_WAIT_MS = 5000;

/**
 * A client may send `Idempotency-Key` with a command. The first request with a key claims it;
 * a repeat gets the first answer back and changes nothing. A repeat that arrives while the
 * first is still running waits for it. The key is scoped to the caller and the route.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly records: IdempotencyRecords;

  constructor(@Inject(KNEX) private readonly db: Knex) {
    this.records = new IdempotencyRecords(db);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const key = req.header(IDEMPOTENCY_HEADER);
    if (!key || req.method === 'GET' || req.method === 'HEAD') return next.handle();
    if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) {
      throw new ValidationError('Idempotency-Key must be 8 to 100 letters, digits or _.:-');
    }
    const scope = `${req.user?.email ?? 'anonymous'} ${req.method} ${req.route?.path ?? req.path}`;
    const hash = createHash('sha256').update(JSON.stringify(req.body ?? null)).digest('hex');
    const res = context.switchToHttp().getResponse<Response>();
    return this.claim(scope, key, hash).then((prior) => {
      if (prior) {
        res.status(prior.code);
        return of(prior.answer);
      }
      return next.handle().pipe(
        switchMap((answer) =>
          from(this.records.answer({ scope, key, answer: { code: res.statusCode, answer: answer ?? null } }).then(() => answer)),
        ),
        catchError((err) =>
          from(this.records.release(scope, key)).pipe(switchMap(() => throwError(() => err))),
        ),
        tap({ error: () => undefined }),
      );
    });
  }

  private async claim(scope: string, key: string, hash: string): Promise<{ code: number; answer: unknown } | null> {
    if (await this.records.claim({ scope, key, hash })) return null;
    const deadline = Date.now() + PENDING_WAIT_MS;
    for (;;) {
      const row = await this.db('command_idempotency').where({ scope, key }).first<{ request_hash: string; status: string; answer: { code: number; answer: unknown } | null }>();
      if (!row) return this.claim(scope, key, hash);
      if (row.request_hash !== hash) {
        throw new AppError(422, 'Unprocessable request', 'This Idempotency-Key was already used for a different request');
      }
      if (row.status === 'done' && row.answer) return row.answer;
      if (Date.now() > deadline) throw new ConflictError('The first request with this Idempotency-Key is still being processed');
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
