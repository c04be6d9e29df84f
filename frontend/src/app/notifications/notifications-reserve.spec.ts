import { NOTIFICATIONS_RESERVE_VAR, publishNotificationsReserve, RESERVE_GAP } from './notifications-reserve';

/** A root whose style records its variables, a stack of a settable height and a ResizeObserver fired by hand. */
function setUp() {
  const vars = new Map<string, string>();
  const root = { style: { setProperty: (name: string, value: string) => vars.set(name, value), removeProperty: (name: string) => vars.delete(name) } };
  let height = 0;
  const stack = { getBoundingClientRect: () => ({ height }) };
  let fire = () => {};
  let disconnected = false;
  class FakeObserver {
    constructor(callback: () => void) {
      fire = callback;
    }
    observe() {}
    disconnect() {
      disconnected = true;
    }
  }
  const resize = (next: number) => {
    height = next;
    if (!disconnected) fire();
  };
  return { vars, root, stack, FakeObserver, resize };
}

describe("the notification stack's strip at the window's bottom (a grid screen makes room for the notes)", () => {
  it('is unset while no note shows, and the stack, its distance from the bottom and a gap while notes show', () => {
    const { vars, root, stack, FakeObserver, resize } = setUp();
    const stop = publishNotificationsReserve(stack, () => 16, root, FakeObserver);
    expect(vars.has(NOTIFICATIONS_RESERVE_VAR)).toBe(false);
    resize(122.4);
    expect(vars.get(NOTIFICATIONS_RESERVE_VAR)).toBe(`${123 + 16 + RESERVE_GAP}px`);
    resize(0);
    expect(vars.has(NOTIFICATIONS_RESERVE_VAR)).toBe(false);
    resize(70);
    stop();
    expect(vars.has(NOTIFICATIONS_RESERVE_VAR)).toBe(false);
    // Stopped: a later resize sets nothing.
    resize(90);
    expect(vars.has(NOTIFICATIONS_RESERVE_VAR)).toBe(false);
  });

  it('is measured once without a ResizeObserver', () => {
    const { vars, root, stack, resize } = setUp();
    resize(50);
    publishNotificationsReserve(stack, () => 16, root, undefined);
    expect(vars.get(NOTIFICATIONS_RESERVE_VAR)).toBe(`${50 + 16 + RESERVE_GAP}px`);
  });
});
