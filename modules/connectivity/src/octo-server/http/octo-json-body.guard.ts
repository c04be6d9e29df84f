import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { OctoProblem } from '../pure/octo-problem.pure';

export const OCTO_JSON_BODY_MESSAGE = 'Send the request body as JSON, with the header Content-Type: application/json';

/**
 * A body the OCTO routes take is JSON. Sent with another Content-Type (or none) the parser leaves it unread, and
 * the route would answer as if nothing was sent ('The productId was missing or invalid'): say what is wrong instead.
 */
@Injectable()
export class OctoJsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is('application/json')) throw new OctoProblem('BAD_REQUEST', OCTO_JSON_BODY_MESSAGE);
    return true;
  }
}
