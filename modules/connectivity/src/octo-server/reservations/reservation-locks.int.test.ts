import { ReservationLocks } from './reservation-locks';

/*
 * Two API processes (two lock owners, each with its own in-process queue and connections) changing one
 * reservation: the changes run one after the other; changes of different reservations still run together.
 */
describe('ReservationLocks across processes', () => {
  const a = new ReservationLocks({ DATABASE_URL: process.env.DATABASE_URL! });
  const b = new ReservationLocks({ DATABASE_URL: process.env.DATABASE_URL! });
  afterAll(async () => {
    await a.onModuleDestroy();
    await b.onModuleDestroy();
  });

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** A change that says when it started and ended. */
  const change = (log: string[], name: string) => async () => {
    log.push(`${name} start`);
    await pause(150);
    log.push(`${name} end`);
    return name;
  };
  /**
   * Changes that each say they started, then wait for all the others to have started too: they can only end if
   * they run at the same time (no pause to outlast, which a busy machine could stretch). One left waiting fails.
   */
  const meeting = (log: string[], names: string[]) => {
    const arrive = new Map<string, () => void>();
    const started = new Map(names.map((n) => [n, new Promise<void>((resolve) => arrive.set(n, resolve))]));
    return (name: string) => async () => {
      log.push(`${name} start`);
      arrive.get(name)!();
      let timer: NodeJS.Timeout | undefined;
      const others = Promise.all(names.filter((n) => n !== name).map((n) => started.get(n)!));
      const alone = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${name} waited 20 s for the other changes to start: they did not run at the same time`)), 20_000);
      });
      try {
        await Promise.race([others, alone]);
      } finally {
        clearTimeout(timer);
      }
      log.push(`${name} end`);
      return name;
    };
  };

  it('runs a change of one uuid in one process only after the other process has finished its own', async () => {
    const log: string[] = [];
    const uuid = 'c0ffee00-0000-4000-8000-000000000001';
    // Whichever takes the lock first (each process opens its own connection for it), the two never overlap.
    expect(await Promise.all([a.run(uuid, change(log, 'confirm in A')), b.run(uuid, change(log, 'cancel in B'))])).toEqual(['confirm in A', 'cancel in B']);
    const [first, second] = log[0] === 'confirm in A start' ? ['confirm in A', 'cancel in B'] : ['cancel in B', 'confirm in A'];
    expect(log).toEqual([`${first} start`, `${first} end`, `${second} start`, `${second} end`]);
  });

  it('runs changes of different reservations at the same time, and a failed change releases the lock', async () => {
    const log: string[] = [];
    const failing = a.run('c0ffee00-0000-4000-8000-000000000002', async () => {
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    const together = meeting(log, ['x', 'y']);
    await Promise.all([a.run('c0ffee00-0000-4000-8000-000000000002', together('x')), b.run('c0ffee00-0000-4000-8000-000000000003', together('y'))]);
    expect(log.slice(0, 2).sort()).toEqual(['x start', 'y start']);
  });
});
