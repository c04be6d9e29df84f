import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../../lib/auth-session';

/**
 * /account/logout (spec 01 §2, §4): signs out and goes to /. It signs out only once this public route is shown: a
 * sign-out while the previous (guarded) page is still on screen would make that page's guard send the user to the
 * sign-in page with a way back to it, instead of to /.
 */
export function SignOutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    signOut();
    navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
