import type * as AuthSession from './auth-session';
import type * as AuthSessionReturn from './auth-session-return';

/** The browser's storages, cookie and location, as the session modules use them. */
const fakeStorage = () => {
  const stored = new Map<string, string>();
  return {
    stored,
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, String(v)),
    removeItem: (k: string) => void stored.delete(k),
    clear: () => stored.clear(),
  };
};
const local = fakeStorage();
const perTab = fakeStorage();
Object.assign(globalThis, { localStorage: local, sessionStorage: perTab, document: { cookie: '' }, location: { protocol: 'http:' } });

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const tokenOf = (claims: object) => `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.signature`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
const ADMIN = tokenOf({ sub: 'admin@test.local', role: 'admin', exp: inSeconds(3600) });
const actingToken = (sub: string, by = 'admin@test.local', exp = inSeconds(3600)) => tokenOf({ sub, role: 'agent', act: { sub: by, pwv: 0 }, exp });

let session: typeof AuthSession;
let back: typeof AuthSessionReturn;

beforeAll(async () => {
  session = await import('./auth-session');
  back = await import('./auth-session-return');
});
beforeEach(() => {
  local.setItem('lang', 'ru');
  perTab.clear();
  session.signInWithToken(ADMIN);
  back.rememberPath('/admin/staff');
});
afterEach(() => session.signOut());

const kept = () => JSON.parse(local.getItem(back.RETURN_KEY) ?? 'null') as unknown;
const accept = jest.fn(() => Promise.resolve(true));
const refuse = jest.fn(() => Promise.resolve(false));

describe('log-me-in keeps the way back (spec 01 §2, §4)', () => {
  it("signs in as the user and keeps the admin's own session, email and page beside the token", () => {
    const user = back.logInAs(actingToken('agent@test.local'), back.rememberedPath());
    expect(user.email).toBe('agent@test.local');
    expect(session.getSession().user?.email).toBe('agent@test.local');
    expect(local.getItem('token')).toBe(actingToken('agent@test.local'));
    expect(kept()).toEqual({ token: ADMIN, email: 'admin@test.local', from: '/admin/staff' });
    expect(local.getItem('lang')).toBe('ru');
    expect(back.actingAs()).toEqual({ email: 'agent@test.local', by: 'admin@test.local', canReturn: true });
  });

  it("a second log-me-in while acting keeps the ORIGINAL admin's session and page, never the intermediate user's", () => {
    back.logInAs(actingToken('admin2@test.local'), '/platform');
    back.rememberPath('/tours');
    back.logInAs(actingToken('agent@test.local', 'admin2@test.local'), back.rememberedPath());
    expect(kept()).toEqual({ token: ADMIN, email: 'admin@test.local', from: '/platform' });
    expect(back.actingAs()).toEqual({ email: 'agent@test.local', by: 'admin@test.local', canReturn: true });
  });

  it('logging in as the kept admin themselves keeps nothing: that is the way back', () => {
    back.logInAs(actingToken('admin2@test.local'), '/platform');
    back.logInAs(tokenOf({ sub: 'Admin@test.local', exp: inSeconds(600) }), '/tours');
    expect(kept()).toBeNull();
    expect(back.actingAs()).toBeNull();
  });

  it('an unknown or unsafe page to come back to is /', () => {
    back.logInAs(actingToken('agent@test.local'), null);
    expect(kept()).toMatchObject({ from: '/' });
    session.signInWithToken(ADMIN);
    back.logInAs(actingToken('agent@test.local'), '//evil.example/x');
    expect(kept()).toMatchObject({ from: '/' });
  });

  it('going back signs in as the admin again, drops the kept session and answers their page', async () => {
    back.logInAs(actingToken('agent@test.local'), '/platform?tab=1');
    const outcome = await back.returnToOwnSession(accept);
    expect(accept).toHaveBeenCalledWith(ADMIN);
    expect(outcome).toMatchObject({ kind: 'back', to: '/platform?tab=1' });
    expect(session.getSession().user?.email).toBe('admin@test.local');
    expect(local.getItem('token')).toBe(ADMIN);
    expect(kept()).toBeNull();
    expect(back.actingAs()).toBeNull();
  });

  it('a kept session the API refuses (401) signs out fully with a message, answering the page for after sign-in', async () => {
    back.logInAs(actingToken('agent@test.local'), '/admin/staff');
    expect(await back.returnToOwnSession(refuse)).toEqual({ kind: 'ended', from: '/admin/staff' });
    // The route guard sends the signed-out page there too, whichever navigation comes first.
    expect(session.getSession()).toEqual({ user: null, message: back.OWN_SESSION_ENDED, returnTo: '/admin/staff' });
    expect(local.getItem('token')).toBeNull();
    expect(kept()).toBeNull();
  });

  it('an expired kept session ends the same way without asking the API', async () => {
    back.logInAs(actingToken('agent@test.local'), '/tours');
    const expired = tokenOf({ sub: 'admin@test.local', exp: inSeconds(-5) });
    local.setItem(back.RETURN_KEY, JSON.stringify({ token: expired, email: 'admin@test.local', from: '/tours' }));
    refuse.mockClear();
    expect(await back.returnToOwnSession(refuse)).toEqual({ kind: 'ended', from: '/tours' });
    expect(refuse).not.toHaveBeenCalled();
    expect(session.getSession().message).toBe(back.OWN_SESSION_ENDED);
  });

  it('a network failure while asking changes nothing', async () => {
    back.logInAs(actingToken('agent@test.local'), '/platform');
    await expect(back.returnToOwnSession(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow('Failed to fetch');
    expect(session.getSession().user?.email).toBe('agent@test.local');
    expect(kept()).toMatchObject({ email: 'admin@test.local' });
  });

  it('with nothing kept (another tab went back first) going back does nothing', async () => {
    expect(await back.returnToOwnSession(accept)).toEqual({ kind: 'unchanged' });
    expect(session.getSession().user?.email).toBe('admin@test.local');
  });

  it('signing out while acting drops both sessions', () => {
    back.logInAs(actingToken('agent@test.local'), '/platform');
    session.signOut();
    expect(local.getItem('token')).toBeNull();
    expect(kept()).toBeNull();
    expect(back.actingAs()).toBeNull();
    expect(local.getItem('lang')).toBe('ru');
  });

  it("a token's act claim alone says acting, without a way back", () => {
    session.signInWithToken(actingToken('agent@test.local', 'root@test.local'));
    expect(back.actorOf(local.getItem('token'))).toBe('root@test.local');
    expect(back.actingAs()).toEqual({ email: 'agent@test.local', by: 'root@test.local', canReturn: false });
    expect(back.actorOf(ADMIN)).toBeNull();
    expect(back.actorOf('not-a-token')).toBeNull();
  });
});

describe('where log-me-in came from', () => {
  it("remembers the signed-in user's last page in this tab, not the auth pages, and not for someone else", () => {
    back.rememberPath('/platform?x=1');
    back.rememberPath('/auth/logmein/agent%40test.local/');
    back.rememberPath('/account/logout');
    expect(back.rememberedPath()).toBe('/platform?x=1');
    session.signInWithToken(tokenOf({ sub: 'other@test.local', exp: inSeconds(600) }));
    expect(back.rememberedPath()).toBeNull();
    session.signOut();
    back.rememberPath('/tours');
    expect(back.rememberedPath()).toBeNull();
  });
});
