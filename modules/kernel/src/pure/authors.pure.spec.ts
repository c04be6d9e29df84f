import { isResellerAuthor, resellerAuthor } from './authors.pure';

describe('authors', () => {
  it("tells a reseller key's calls from people and the system", () => {
    expect(isResellerAuthor(resellerAuthor(12))).toBe(true);
    for (const other of ['anna@demo.test', 'system:seed', '', null, undefined]) expect(isResellerAuthor(other)).toBe(false);
  });
});
