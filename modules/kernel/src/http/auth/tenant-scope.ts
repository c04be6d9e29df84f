import { ForbiddenError } from '../../errors/app-error';
import type { AuthUser } from './roles';

/**
 * The caller's supplier, from the token: the one tenant scope every supplier route reads and writes within.
 * A caller without a supplier (an agent, the platform account) is refused rather than scoped to nothing.
 */
export function supplierScope(user: AuthUser, message = 'You are not allowed to access this page'): number {
  if (!user.supplierId) throw new ForbiddenError(message);
  return user.supplierId;
}
