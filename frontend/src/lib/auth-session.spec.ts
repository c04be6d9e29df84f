import type * as AuthSession from './auth-session';

/** The browser's storage, cookie and location, as the session module (through auth-token.ts) uses them. */
const stored = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, String(v)),
    removeItem: (k: string) => void stored.delete(k),
    clear: () => stored.clear(),
  },
  document: { cookie: '' },
  location: { protocol: 'http:' },
});

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const tokenOf = (claims: object) => `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.signature`;
const START = Date.UTC(2026, 4, 1, 10, 0, 0);
/** Seconds since the epoch, `s` from the (fake) clock now. */
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

let session: typeof AuthSession;

beforeAll(async () => {
  jest.useFakeTimers({ now: START });
  session = await import('./auth-session');
});
afterAll(() => jest.useRealTimers());
afterEach(() => session.signOut());

describe('the session (spec 01 §4 authentication)', () => {
  it('tells an expired token from an unreadable one', () => {
    expect(session.tokenHasExpired(tokenOf({ sub: 'ed@test.local', exp: inSeconds(-1) }))).toBe(true);
    expect(session.tokenHasExpired(tokenOf({ sub: 'ed@test.local', exp: inSeconds(60) }))).toBe(false);
    expect(session.tokenHasExpired(tokenOf({ sub: 'ed@test.local' }))).toBe(false);
    expect(session.tokenHasExpired('not-a-token')).toBe(false);
    expect(session.tokenHasExpired(null)).toBe(false);
  });

  it("signs out when the token expires, saying 'Your session has expired' for the sign-in page", () => {
    session.signInWithToken(tokenOf({ sub: 'ed@test.local', exp: inSeconds(30) }));
    expect(session.getSession().user?.email).toBe('ed@test.local');
    jest.advanceTimersByTime(29_000);
    expect(session.getSession().user).not.toBeNull();
    jest.advanceTimersByTime(1_000);
    expect(session.getSession()).toEqual({ user: null, message: session.SESSION_EXPIRED });
    expect(stored.get('token')).toBeUndefined();
  });

  it('tells who is leaving before anything follows the change (an editor keeps its draft while still mounted)', () => {
    session.signInWithToken(tokenOf({ sub: 'ed@test.local', exp: inSeconds(30) }));
    const seen: string[] = [];
    const stopEnding = session.onSessionEnding((user) => seen.push(`ending ${user.email}, signed in: ${session.getSession().user?.email ?? 'nobody'}`));
    const stopListening = session.subscribeSession(() => seen.push(`changed to ${session.getSession().user?.email ?? 'nobody'}`));
    jest.advanceTimersByTime(30_000);
    expect(seen).toEqual(['ending ed@test.local, signed in: ed@test.local', 'changed to nobody']);
    // Signing out again (a second 401) ends nothing more.
    session.signOut('Unauthorized');
    expect(seen.filter((s) => s.startsWith('ending'))).toHaveLength(1);
    stopEnding();
    stopListening();
  });

  it("another user signing in ends the first one's session; the same user again ends nothing", () => {
    const ending = jest.fn();
    const stop = session.onSessionEnding((user) => ending(user.email));
    session.signInWithToken(tokenOf({ sub: 'admin@test.local', exp: inSeconds(600) }));
    expect(ending).not.toHaveBeenCalled();
    session.signInWithToken(tokenOf({ sub: 'admin@test.local', exp: inSeconds(900) }));
    expect(ending).not.toHaveBeenCalled();
    session.signInWithToken(tokenOf({ sub: 'agent@test.local', exp: inSeconds(600) }));
    expect(ending).toHaveBeenCalledWith('admin@test.local');
    stop();
  });

  it('keeps what it is given beside the token (log-me-in: the way back) before anyone hears of the change; sign-out drops it', () => {
    stored.set('cached', 'list');
    const seen: (string | undefined)[] = [];
    const stop = session.subscribeSession(() => seen.push(stored.get('kept')));
    session.signInWithToken(tokenOf({ sub: 'ed@test.local', exp: inSeconds(600) }), { kept: 'admin' });
    expect(seen).toEqual(['admin']);
    expect(stored.get('cached')).toBeUndefined();
    session.signOut();
    expect(stored.get('kept')).toBeUndefined();
    stop();
  });

  it('a plain sign-out carries no message; the expiry timer of a signed-out session does not fire', () => {
    session.signInWithToken(tokenOf({ sub: 'ed@test.local', exp: inSeconds(30) }));
    session.signOut();
    jest.advanceTimersByTime(60_000);
    expect(session.getSession()).toEqual({ user: null, message: null });
  });
});
