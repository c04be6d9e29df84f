import { authUserFromClaims, base64UrlDecode, decodeJwtClaims, isExpired, userFromToken } from './jwt';

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const tokenOf = (claims: object) => `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.signature`;
const inAnHour = Math.floor(Date.now() / 1000) + 3600;

describe('jwt claim decoding (spec 01 §3 auth user)', () => {
  it('reads the spec claims: email from sub, FullName, AgencyName, IsAgencyAdmin, one role', () => {
    const user = userFromToken(tokenOf({ sub: 'agent@demo.test', FullName: 'Anna Agent', AgencyName: 'Sun Travel', IsAgencyAdmin: '1', role: 'agent', exp: inAnHour }));
    expect(user).toEqual({ email: 'agent@demo.test', FullName: 'Anna Agent', AgencyName: 'Sun Travel', IsAgencyAdmin: true, roles: ['agent'], exp: inAnHour });
  });

  it('takes a role list, lower-cases and de-duplicates it', () => {
    const user = authUserFromClaims({ sub: 'x@y.z', role: ['Admin', 'editor', 'admin'] });
    expect(user?.roles).toEqual(['admin', 'editor']);
  });

  it("IsAgencyAdmin is true only for '1'", () => {
    expect(authUserFromClaims({ sub: 'a', IsAgencyAdmin: '0' })?.IsAgencyAdmin).toBe(false);
    expect(authUserFromClaims({ sub: 'a', IsAgencyAdmin: '1' })?.IsAgencyAdmin).toBe(true);
    expect(authUserFromClaims({ sub: 'a' })?.IsAgencyAdmin).toBe(false);
  });

  it('missing names are empty strings, no roles an empty list', () => {
    expect(authUserFromClaims({ sub: 'a@b.c' })).toEqual({ email: 'a@b.c', FullName: '', AgencyName: '', IsAgencyAdmin: false, roles: [], exp: null });
  });

  it('decodes UTF-8 names (Cyrillic) from base64url without padding', () => {
    const user = userFromToken(tokenOf({ sub: 'ivan@demo.test', FullName: 'Иван Петров', role: 'editor' }));
    expect(user?.FullName).toBe('Иван Петров');
    expect(base64UrlDecode(b64url('ä?~>'))).toBe('ä?~>');
  });

  it('an expired token is no user', () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    expect(userFromToken(tokenOf({ sub: 'a@b.c', role: 'admin', exp: past }))).toBeNull();
    expect(isExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isExpired({ exp: 101 }, 100_000)).toBe(false);
    expect(isExpired({ exp: null })).toBe(false);
  });

  it.each([null, undefined, '', 'abc', 'a.b', 'a.b.c.d', 'x.!!!.y', `x.${b64url('[1,2]')}.y`, `x.${b64url('"text"')}.y`])('%p is not a token', (token) => {
    expect(decodeJwtClaims(token as string)).toBeNull();
    expect(userFromToken(token as string)).toBeNull();
  });

  it('a token without a subject is no user', () => {
    expect(userFromToken(tokenOf({ role: 'admin' }))).toBeNull();
  });
});
