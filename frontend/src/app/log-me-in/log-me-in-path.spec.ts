import { logMeInPath } from './log-me-in-path';

describe('logMeInPath', () => {
  it("the log-me-in page of the typed email, trimmed and encoded", () => {
    expect(logMeInPath(' agent@demo.test ')).toBe('/auth/logmein/agent%40demo.test/');
    expect(logMeInPath('a+b@x.test')).toBe('/auth/logmein/a%2Bb%40x.test/');
  });

  it('nothing for text that is not an email, or would leave the route', () => {
    for (const typed of ['', '   ', 'agent', 'agent@', '@demo.test', 'a b@x.test', 'a@x.test/../admin', 'a@b@c']) expect(logMeInPath(typed)).toBeNull();
  });
});
