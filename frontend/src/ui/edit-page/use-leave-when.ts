import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Leaves for `to` (replacing the page in the history) once `gone` holds: an edit page whose item the read did not
 * find (it has said so already) goes back to its list.
 */
export function useLeaveWhen(gone: boolean, to: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (gone) navigate(to, { replace: true });
  }, [gone, to, navigate]);
}
