import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, createQueueConnection, loadConfig } from '@tbo/kernel';
import { WorkerRuntime } from './worker-runtime';

type Line = { level: string; msg: string; context?: string } & Record<string, unknown>;

/** A logger whose JSON lines the test reads back. */
function capture() {
  const raw: string[] = [];
  const destination = { write: (chunk: string) => void raw.push(chunk) };
  const lines = (): Line[] => raw.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
  return { logger: createLogger({ process: 'worker', level: 'log', destination }), lines };
}

/*
 * A SIGTERM while the worker starts (a deploy that replaces it at once, a crash loop): the stop must wait for the
 * start under way, stop everything it started, and the start must end quietly instead of failing on a closed host.
 */
describe('worker runtime: stopped while it starts', () => {
  const prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-worker-runtime-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ ...process.env, QUEUE_PREFIX: prefix });

  afterAll(async () => {
    // Whatever the process managers queued under this run's prefix before the stop.
    const connection = createQueueConnection(config.REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await connection.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await connection.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await connection.quit();
  });

  it('a stop asked while the projection runners start: the start settles without error, nothing starts after it, and everything started is stopped', async () => {
    const { logger, lines } = capture();
    const runtime = new WorkerRuntime(config, logger);
    const started = runtime.start();
    // The signal comes while the first runners are starting (ProjectionHost starts them one by one).
    const stopped = runtime.stop();
    await expect(started).resolves.toBeUndefined();
    await expect(stopped).resolves.toBeUndefined();
    // Asking again is the same stop; a start after it starts nothing.
    await expect(runtime.stop()).resolves.toBeUndefined();
    await expect(runtime.start()).resolves.toBeUndefined();

    // Nothing keeps running on the closed pools: no runner or job worker logs after the stop.
    const atStop = lines().length;
    await sleep(1_500);
    const after = lines().slice(atStop);
    expect(after).toEqual([]);
    const all = lines();
    expect(all).toContainEqual(expect.objectContaining({ context: 'Worker', msg: 'worker stopped' }));
    // It never got as far as the job workers or the periodic jobs.
    expect(all.filter((l) => l.context === 'Worker' && l.msg === 'worker started')).toEqual([]);
    expect(all.filter((l) => l.context === 'Jobs' && l.msg === 'worker started')).toEqual([]);
    expect(all.filter((l) => l.level === 'error')).toEqual([]);
  }, 120_000);
});
