import { useCallback, useState } from 'react';

/**
 * What a refused save leaves on an editor besides its field errors: a version conflict (409, 'reload or keep
 * yours') and messages that belong to no field. Both go when the editor loads its item again or saves again.
 */
export function useSaveProblems() {
  const [conflict, setConflict] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const clearProblems = useCallback(() => {
    setConflict(false);
    setGeneralErrors([]);
  }, []);
  return { conflict, setConflict, generalErrors, setGeneralErrors, clearProblems };
}
