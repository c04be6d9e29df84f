import { useSyncExternalStore } from 'react';
import { clearLocalStorageExceptLanguage, getToken, removeToken, storeToken, TOKEN_KEY } from './auth-token';
import { userFromToken, type AuthUser } from './jwt';

/**
 * Who is signed in (spec 01 §4 "Authentication"): authorized while a readable, unexpired token is in local storage.
 * A tiny external store, so the API client (outside React) can sign out and every component follows.
 */
export interface Session {
  user: AuthUser | null;
  /** Why the user was signed out, e.g. 'Unauthorized' after a 401; shown on the sign-in page. */
  message: string | null;
}

const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let session: Session = readSession(null);

function readSession(message: string | null): Session {
  const token = getToken();
  const user = userFromToken(token);
  // A token that is unreadable or expired is as good as none: remove it (and its cookie).
  if (token && !user) removeToken();
  scheduleExpiry(user);
  return { user, message };
}

function scheduleExpiry(user: AuthUser | null): void {
  clearTimeout(expiryTimer);
  if (!user?.exp) return;
  const ms = user.exp * 1000 - Date.now();
  // setTimeout holds at most 2^31-1 ms (about 24 days); a longer-lived token is checked again on reload.
  if (ms < 2_147_483_647) expiryTimer = setTimeout(() => signOut(), Math.max(0, ms));
}

function emit(next: Session): void {
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

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useAuthUser(): AuthUser | null {
  return useSession().user;
}

/**
 * Sign-in (and log-me-in): clears other local storage (the language stays, see auth-token.ts), stores the token in
 * local storage and the cookie, and marks the user signed in. Throws when the token cannot be read.
 */
export function signInWithToken(token: string): AuthUser {
  const user = userFromToken(token);
  if (!user) throw new Error('The sign-in answer carried no valid token');
  clearLocalStorageExceptLanguage();
  storeToken(token, user.exp);
  scheduleExpiry(user);
  emit({ user, message: null });
  return user;
}

/** Sign-out: removes the token and the cookie, clears local storage (the language stays), marks the user signed out. */
export function signOut(message: string | null = null): void {
  removeToken();
  clearLocalStorageExceptLanguage();
  scheduleExpiry(null);
  emit({ user: null, message });
}

/** Forgets the sign-out message once it was shown. */
export function clearSessionMessage(): void {
  if (session.message !== null) emit({ ...session, message: null });
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === TOKEN_KEY || e.key === null) emit(readSession(null));
  });
}
