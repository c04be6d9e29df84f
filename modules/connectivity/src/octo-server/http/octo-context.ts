import type { Request } from 'express';
import { commandContextFrom, resellerAuthor, type CommandContext } from '@tbo/kernel';
import type { ResellerCaller } from '../../resellers/reseller-caller';

/** A reseller's command context: the key that called stands for the user, its agency for the tenant. */
export function octoContext(req: Request, caller: ResellerCaller): CommandContext {
  return { ...commandContextFrom(req, undefined), userId: resellerAuthor(caller.keyId), tenantId: `agency-${caller.agencyId}` };
}
