import { createParamDecorator, HttpException, HttpStatus, type ExecutionContext } from '@nestjs/common';

/** Who is calling an OCTO route: set by ResellerKeyGuard from the key the request presents. */
export interface ResellerCaller {
  keyId: number;
  supplierId: number;
  agencyId: number;
  agencyName: string;
}

export type RequestWithReseller = { reseller?: ResellerCaller };

/**
 * A refused key: HTTP 403 with OCTO's error body (not the envelope), whichever filter renders it, since the body
 * is the exception's response as is.
 */
export class ResellerForbiddenException extends HttpException {
  constructor(message: string) {
    super({ error: 'FORBIDDEN', errorMessage: message }, HttpStatus.FORBIDDEN);
  }
}

/** No key sent at all (no `Authorization: Bearer …`): OCTO's 401 UNAUTHORIZED, as its body. */
export class ResellerUnauthorizedException extends HttpException {
  constructor(message: string) {
    super({ error: 'UNAUTHORIZED', errorMessage: message }, HttpStatus.UNAUTHORIZED);
  }
}

/** The caller ResellerKeyGuard let in; a route without the guard has none, which is a bug, so it fails loudly. */
export const CurrentReseller = createParamDecorator((_: unknown, ctx: ExecutionContext): ResellerCaller => {
  const caller = ctx.switchToHttp().getRequest<RequestWithReseller>().reseller;
  if (!caller) throw new Error('@CurrentReseller() on a route without ResellerKeyGuard');
  return caller;
});
