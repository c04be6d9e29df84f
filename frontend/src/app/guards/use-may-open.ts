import { mayOpen, ruleForPathname } from '../routes.table';
import { useAuthUser } from '../../lib/auth-session';

/**
 * Whether the signed-in user's roles may open a path, by the same table the route guards use: a link the user
 * may not follow would only lead to 'You are not allowed to access this page', so it is not shown.
 */
export function useMayOpen(): (pathname: string) => boolean {
  const user = useAuthUser();
  return (pathname) => {
    const rule = ruleForPathname(pathname);
    return !!rule && mayOpen(rule.access, user?.roles ?? null);
  };
}
