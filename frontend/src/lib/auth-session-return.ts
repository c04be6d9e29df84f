import { useSyncExternalStore } from 'react';
import { getSession, signInWithToken, signOut, subscribeSession } from './auth-session';
import { getToken } from './auth-token';
import { decodeJwtClaims, userFromToken, type AuthUser } from './jwt';
import { safeReturnUrl } from './landing';

/**
 * The way back after log-me-in (spec 01 §2, §4): the admin's own session (token, email and the page they were on) is
 * kept in local storage beside the other user's token, as the session itself is, so every tab follows it. Going
 * back signs in with the kept token again. All of this is convenience only: the API checks every token it gets (its
 * `act` claim, the admin's password version, their tenant), whatever the browser keeps or shows.
 */

/** Local storage: the admin's own session while they act as another user ({@link OwnSession} as JSON). */
export const RETURN_KEY = 'logMeInReturn';
/** Session storage (this tab): the last page shown to a signed-in user, where log-me-in came from. */
export const LAST_PATH_KEY = 'tbo:lastPath';

/** The message when the kept session is no longer accepted (shown, translated, on the sign-in page). */
export const OWN_SESSION_ENDED = 'Your own session has ended. Sign in again.';

export interface OwnSession {
  token: string;
  email: string;
  /** Where the admin was before log-me-in: a path of this site. */
  from: string;
}

/** Who is acting as whom, for the header. */
export interface ActingAs {
  /** The signed-in (acted-as) user. */
  email: string;
  /** The admin acting: the kept session's, else the token's `act` claim. */
  by: string;
  /** True when the admin's own session is kept, so the header can offer the way back. */
  canReturn: boolean;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return (globalThis as { [k: string]: unknown })[kind] as Storage | null;
  } catch {
    return null;
  }
}

/** The kept session, when there is a readable one. */
export function ownSession(): OwnSession | null {
  try {
    const raw: unknown = JSON.parse(storage('localStorage')?.getItem(RETURN_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const { token, email, from } = raw as Record<string, unknown>;
    if (typeof token !== 'string' || typeof email !== 'string' || !token || !email) return null;
    return { token, email, from: (typeof from === 'string' && safeReturnUrl(from)) || '/' };
  } catch {
    return null;
  }
}

/** The admin named by a log-me-in token's `act` claim. */
export function actorOf(token: string | null): string | null {
  const act = decodeJwtClaims(token)?.act;
  const sub = act && typeof act === 'object' ? (act as Record<string, unknown>).sub : null;
  return typeof sub === 'string' && sub ? sub : null;
}

/** Remembers the page a signed-in user is on (not the auth pages), for a log-me-in from there. */
export function rememberPath(path: string, user: AuthUser | null = getSession().user): void {
  const safe = safeReturnUrl(path);
  if (!user || !safe || safe.startsWith('/auth/')) return;
  try {
    storage('sessionStorage')?.setItem(LAST_PATH_KEY, JSON.stringify({ email: user.email, path: safe }));
  } catch {
    /* storage unavailable: log-me-in goes back to / */
  }
}

/** The page the signed-in user was last on in this tab (someone else's last page does not count). */
export function rememberedPath(user: AuthUser | null = getSession().user): string | null {
  try {
    const raw = JSON.parse(storage('sessionStorage')?.getItem(LAST_PATH_KEY) ?? 'null') as { email?: unknown; path?: unknown } | null;
    if (!user || typeof raw?.email !== 'string' || typeof raw.path !== 'string' || !sameEmail(raw.email, user.email)) return null;
    return safeReturnUrl(raw.path);
  } catch {
    return null;
  }
}

/**
 * Log-me-in: signs in with the other user's token and keeps the way back. Acting already, the ORIGINAL admin's kept
 * session stays the way back (never the intermediate user's); otherwise the session being left is kept, with `from`.
 * Logging in as the kept admin themselves keeps nothing (that is the way back, taken by another road).
 */
export function logInAs(token: string, from: string | null): AuthUser {
  const target = userFromToken(token);
  const me = getSession().user;
  const current = getToken();
  const kept = ownSession() ?? (me && current ? { token: current, email: me.email, from: safeReturnUrl(from) ?? '/' } : null);
  const keep: Record<string, string> = kept && target && !sameEmail(kept.email, target.email) ? { [RETURN_KEY]: JSON.stringify(kept) } : {};
  return signInWithToken(token, keep);
}

/** Who is acting as whom now, or null for an ordinary session. */
export function actingAs(): ActingAs | null {
  const user = getSession().user;
  if (!user) return null;
  const kept = ownSession();
  const by = kept && !sameEmail(kept.email, user.email) ? kept.email : null;
  const actor = actorOf(getToken());
  if (by) return { email: user.email, by, canReturn: true };
  return actor ? { email: user.email, by: actor, canReturn: false } : null;
}

/**
 * What going back did: signed in as the admin again (`to` their page); signed out, the kept session refused (`from`,
 * their page, for after signing in); or nothing, nothing being kept any more (another tab went back or signed out).
 */
export type ReturnOutcome = { kind: 'back'; to: string; user: AuthUser } | { kind: 'ended'; from: string } | { kind: 'unchanged' };

/**
 * Back to the admin's own session. `stillAccepted` asks the API whether it takes the kept token (a 401 once the
 * admin's password changed, say); a refused or expired one signs out fully with {@link OWN_SESSION_ENDED} rather
 * than switching to a session the next call would end anyway (and the sign-in page says so, instead of a loop of
 * 'Unauthorized'). A network failure throws and changes nothing.
 */
export async function returnToOwnSession(stillAccepted: (token: string) => Promise<boolean>): Promise<ReturnOutcome> {
  const kept = ownSession();
  if (!kept) return { kind: 'unchanged' };
  const accepted = userFromToken(kept.token) !== null && (await stillAccepted(kept.token));
  // Another tab may have gone back or signed out while the API was asked.
  if (ownSession()?.token !== kept.token) return { kind: 'unchanged' };
  if (!accepted) {
    signOut(OWN_SESSION_ENDED, kept.from);
    return { kind: 'ended', from: kept.from };
  }
  return { kind: 'back', to: kept.from, user: signInWithToken(kept.token) };
}

let snapshot: ActingAs | null = null;
let snapshotKey = '';

function currentActingAs(): ActingAs | null {
  const next = actingAs();
  const key = JSON.stringify(next);
  if (key !== snapshotKey) [snapshot, snapshotKey] = [next, key];
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  const stop = subscribeSession(listener);
  // Another tab keeping or dropping the admin's session (the token's own changes come through the session).
  const onStorage = (e: StorageEvent) => {
    if (e.key === RETURN_KEY) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    stop();
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** {@link actingAs}, followed by a component. */
export function useActingAs(): ActingAs | null {
  return useSyncExternalStore(subscribe, currentActingAs, currentActingAs);
}
