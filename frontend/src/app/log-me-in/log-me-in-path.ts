/**
 * Where 'log in as' goes: the log-me-in page (/auth/logmein/{email}/), which asks the API for that user's token
 * and says why when the server refuses. Shared by the superadmin's Platform page and the admin's Staff tab.
 */

/** Close enough to an email to ask the server (which says whether such a user exists). */
const EMAIL = /^[^\s@/?#]+@[^\s@/?#]+$/;

/** The log-me-in page for a typed email (/auth/logmein/{email}/), or null when the text is not an email. */
export function logMeInPath(typed: string): string | null {
  const email = typed.trim();
  if (!EMAIL.test(email)) return null;
  return `/auth/logmein/${encodeURIComponent(email)}/`;
}
