import { isSystemAuthor } from '../../../ui/history/history-model';

/**
 * Who the activity log names: the person's name, else their email; a system user (system:documents, system:seed)
 * or none is `system`, the word in the interface's language, never the raw user id. A system user's job is named
 * beside it when `job` knows it ('System (documents)'), so the filter's system users can be told apart.
 */
export function activityPerson(email: string | null, name: string | null, system: string, job?: (id: string) => string | null): string {
  if (isSystemAuthor(email)) {
    const named = email?.startsWith('system:') ? job?.(email.slice('system:'.length)) : null;
    return named ? `${system} (${named})` : system;
  }
  return name ?? email ?? system;
}
