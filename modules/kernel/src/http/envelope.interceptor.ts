import { StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { errorEnvelope, okEnvelope, STATUS_TITLES } from './envelope';
import { isOctoPath } from './octo-paths';

/**
 * Wraps what a handler returns as the envelope's Content; files, already-sent answers and the OCTO API's answers
 * (the standard's bodies, see octo-paths.ts) pass through.
 */
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    if (isOctoPath(context.switchToHttp().getRequest<Request>().path)) return next.handle();
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StreamableFile || res.headersSent) return value;
        // A handler that sets an error status itself (health's 503) still answers the envelope's error shape.
        if (res.statusCode >= 400) {
          return errorEnvelope(res.statusCode, STATUS_TITLES[res.statusCode] ?? 'Error', 'See Content for details', value ?? null);
        }
        return okEnvelope(value ?? null, res.statusCode);
      }),
    );
  }
}
