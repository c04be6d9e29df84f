import { HEADER_HEIGHT_VAR, publishHeaderHeight } from './header-height';

/** A root whose style records its variables, a header of a settable height and a ResizeObserver fired by hand. */
function setUp(initialHeight: number) {
  const vars = new Map<string, string>();
  const root = { style: { setProperty: (name: string, value: string) => vars.set(name, value), removeProperty: (name: string) => vars.delete(name) } };
  let height = initialHeight;
  const header = { getBoundingClientRect: () => ({ height }) };
  const observers: { callback: () => void; observed: unknown[]; disconnected: boolean }[] = [];
  class FakeObserver {
    state: { callback: () => void; observed: unknown[]; disconnected: boolean };
    constructor(callback: () => void) {
      this.state = { callback, observed: [], disconnected: false };
      observers.push(this.state);
    }
    observe(target: unknown) {
      this.state.observed.push(target);
    }
    disconnect() {
      this.state.disconnected = true;
    }
  }
  const resize = (next: number) => {
    height = next;
    for (const o of observers) if (!o.disconnected) o.callback();
  };
  return { vars, root, header, observers, FakeObserver, resize };
}

describe("the header's real height as a CSS variable (the grids and notifications follow a header wrapped to two rows)", () => {
  it('is set at once, rounded, and follows the header when it resizes', () => {
    const { vars, root, header, observers, FakeObserver, resize } = setUp(56.4);
    publishHeaderHeight(header, root, FakeObserver);
    expect(vars.get(HEADER_HEIGHT_VAR)).toBe('56px');
    expect(observers[0]!.observed).toEqual([header]);
    resize(96);
    expect(vars.get(HEADER_HEIGHT_VAR)).toBe('96px');
  });

  it('is removed, and the header no longer watched, when the header goes away', () => {
    const { vars, root, header, observers, FakeObserver, resize } = setUp(96);
    const stop = publishHeaderHeight(header, root, FakeObserver);
    stop();
    expect(vars.has(HEADER_HEIGHT_VAR)).toBe(false);
    expect(observers[0]!.disconnected).toBe(true);
    resize(56);
    expect(vars.has(HEADER_HEIGHT_VAR)).toBe(false);
  });

  it('is still set once without ResizeObserver (an old browser)', () => {
    const { vars, root, header } = setUp(96);
    publishHeaderHeight(header, root, undefined);
    expect(vars.get(HEADER_HEIGHT_VAR)).toBe('96px');
  });
});
