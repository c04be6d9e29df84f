import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';
import { mayOpen, type RouteAccess } from '../routes.table';
import { loginPathFor } from './login-path';
import { NotAllowedPage } from './not-allowed.page';

/**
 * The route guard (spec 01 §2, §6): a signed-out visitor goes to the sign-in page (with the way back); a signed-in
 * user without one of the route's roles sees 'Access denied' / 'You are not allowed to access this page'.
 */
export function Guarded({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { user, returnTo } = useSession();
  const location = useLocation();
  if (access === 'public') return <>{children}</>;
  // A sign-out that names the way back (see Session.returnTo) decides it: the guard renders in the same update as
  // the sign-out, so a later navigate() of the caller's could lose the race to this redirect.
  if (!user) return <Navigate to={loginPathFor(returnTo ?? `${location.pathname}${location.search}`)} replace />;
  if (!mayOpen(access, user.roles)) return <NotAllowedPage />;
  return <>{children}</>;
}
