import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { AuthUser, Role } from './roles';

export const ACCESS_KEY = 'tbo:access';

export type Access = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'roles'; roles: Role[] };

/**
 * Every route says who may call it; the guard refuses a route that says nothing, so a
 * forgotten decorator fails closed instead of open.
 */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies Access);
export const Roles = (...roles: Role[]) => SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies Access);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
