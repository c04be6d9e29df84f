import { isNewRouteId, parseRouteId } from './route-id';

describe('route id segment (spec 01 §2)', () => {
  it.each(['add', 'ADD', 'Add', 'aDd', ' add '])("'%s' means a new item, id 0", (segment) => {
    expect(parseRouteId(segment)).toBe(0);
    expect(isNewRouteId(segment)).toBe(true);
  });

  it.each([
    ['17', 17],
    ['0', 0],
    ['007', 7],
    ['123456789', 123456789],
  ])("'%s' is parsed as the number %d", (segment, id) => {
    expect(parseRouteId(segment)).toBe(id);
  });

  it.each(['', ' ', 'abc', '12abc', '1.5', '-3', '1e3', '0x10', 'added', 'new', '99999999999999999999'])("'%s' is unreadable: null", (segment) => {
    expect(parseRouteId(segment)).toBeNull();
  });

  it('a missing segment is null', () => {
    expect(parseRouteId(undefined)).toBeNull();
    expect(parseRouteId(null)).toBeNull();
    expect(isNewRouteId(undefined)).toBe(false);
    expect(isNewRouteId('5')).toBe(false);
  });
});
