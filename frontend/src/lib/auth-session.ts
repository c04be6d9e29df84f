import { useSyncExternalStore } from 'react';
import { clearLocalStorageExceptLanguage, getToken, removeToken, storeToken, TOKEN_KEY } from './auth-token';
import { authUserFromClaims, decodeJwtClaims, isExpired, userFromToken, type AuthUser } from './jwt';

/**
 * Who is signed in (spec 01 §4 "Authentication"): authorized while a readable, unexpired token is in local storage.
 * A tiny external store, so the API client (outside React) can sign out and every component follows.
 */
export interface Session {
  user: AuthUser | null;
  /** Why the user was signed out, e.g. 'Unauthorized' after a 401; shown on the sign-in page. */
  message: string | null;
  /**
   * The page to come back to after signing in again, when the sign-out says (the admin's page before a log-me-in
   * whose own session has ended); else the route guard uses the page the user is on.
   */
  returnTo?: string;
}

/**
 * The message a sign-out for an expired token leaves on the session (shown, translated, on the sign-in page, as
 * 'Unauthorized' is for a 401).
 */
export const SESSION_EXPIRED = 'Your session has expired. Sign in again.';

const listeners = new Set<() => void>();
const endingListeners = new Set<(user: AuthUser) => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let session: Session = readSession();

/** True when the token is a readable one whose expiry has passed (not merely unreadable). */
export function tokenHasExpired(token: string | null, nowMs: number = Date.now()): boolean {
  const user = authUserFromClaims(decodeJwtClaims(token));
  return !!user && isExpired(user, nowMs);
}

function readSession(): Session {
  const token = getToken();
  const user = userFromToken(token);
  // A token that is unreadable or expired is as good as none: remove it (and its cookie). An expired one says so
  // on the sign-in page (the tab slept through the expiry, or the page was opened again later).
  const message = token && !user && tokenHasExpired(token) ? SESSION_EXPIRED : null;
  if (token && !user) removeToken();
  scheduleExpiry(user);
  return { user, message };
}

function scheduleExpiry(user: AuthUser | null): void {
  clearTimeout(expiryTimer);
  if (!user?.exp) return;
  const ms = user.exp * 1000 - Date.now();
  // setTimeout holds at most 2^31-1 ms (about 24 days); a longer-lived token is checked again on reload.
  if (ms < 2_147_483_647) expiryTimer = setTimeout(() => signOut(SESSION_EXPIRED), Math.max(0, ms));
}

function emit(next: Session): void {
  const before = session.user;
  // Whoever keeps something of the ending session (an editor's unsaved values) does it now, while the page that
  // holds it is still mounted: the listeners below make the guards unmount it.
  if (before && before.email !== next.user?.email) endingListeners.forEach((l) => l(before));
  session = next;
  listeners.forEach((l) => l());
}

export function getSession(): Session {
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called with the user whose session is ending (sign-out, an expired token, a 401, another tab signing in as
 * someone else), synchronously and before anything follows the change.
 */
export function onSessionEnding(listener: (user: AuthUser) => void): () => void {
  endingListeners.add(listener);
  return () => endingListeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useAuthUser(): AuthUser | null {
  return useSession().user;
}

/**
 * Sign-in (and log-me-in): clears other local storage (the language stays, see auth-token.ts), stores the token in
 * local storage and the cookie, and marks the user signed in. Throws when the token cannot be read. `keep` is
 * written to local storage beside the token before anyone hears of the change (log-me-in keeps the admin's own
 * session there, see auth-session-return.ts).
 */
export function signInWithToken(token: string, keep: Record<string, string> = {}): AuthUser {
  const user = userFromToken(token);
  if (!user) throw new Error('The sign-in answer carried no valid token');
  clearLocalStorageExceptLanguage();
  for (const [key, value] of Object.entries(keep)) localStorage.setItem(key, value);
  storeToken(token, user.exp);
  scheduleExpiry(user);
  emit({ user, message: null });
  return user;
}

/**
 * Sign-out: removes the token and the cookie, clears local storage (the language stays), marks the user signed out.
 * While acting as another user (log-me-in) this also drops the admin's own session kept for the way back: whoever
 * signs out of a shared machine expects nobody after them to be one click from the admin's account.
 */
export function signOut(message: string | null = null, returnTo?: string): void {
  removeToken();
  clearLocalStorageExceptLanguage();
  scheduleExpiry(null);
  emit(returnTo ? { user: null, message, returnTo } : { user: null, message });
}

/** Forgets the sign-out message once it was shown. */
export function clearSessionMessage(): void {
  if (session.message !== null) emit({ ...session, message: null });
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === TOKEN_KEY || e.key === null) emit(readSession());
  });
}
