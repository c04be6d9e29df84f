import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext } from '../decider/command-context';
import { tenantOf, type AuthUser } from './auth/roles';

/** The command's context from the request: the caller, their tenant and the correlation id the client sent (or a new one). */
export function commandContextFrom(req: Request, user: AuthUser | undefined): CommandContext {
  const sent = req.header('x-correlation-id');
  return {
    userId: user?.email ?? null,
    ...(user?.actedBy ? { actedBy: user.actedBy } : {}),
    tenantId: user ? tenantOf(user) : null,
    correlationId: sent && /^[\w.:-]{1,100}$/.test(sent) ? sent : randomUUID(),
    causationId: null,
    commandId: randomUUID(),
  };
}
