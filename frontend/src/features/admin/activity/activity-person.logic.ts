import { isSystemAuthor } from '../../../ui/history/history-model';

/**
 * Who the activity log names: the person's name, else their email; a system user (system:documents, system:seed)
 * or none is `system`, the word in the interface's language, never the raw user id.
 */
export function activityPerson(email: string | null, name: string | null, system: string): string {
  if (isSystemAuthor(email)) return system;
  return name ?? email ?? system;
}
