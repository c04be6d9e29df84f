import { randomBytes } from 'node:crypto';
import { createLogger, createQueueConnection, loadConfig } from '@tbo/kernel';
import { WorkerRuntime } from '../../apps/worker/src/worker-runtime';
import { logCapture } from '../support/log-lines';
import { dropQueues } from '../support/photos';

describe('worker logs', () => {
  const prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-worker-logs-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ ...process.env, QUEUE_PREFIX: prefix });

  afterAll(async () => {
    const connection = createQueueConnection(config.REDIS_URL);
    await dropQueues(connection, prefix, ['maintenance']);
    await connection.quit();
  });

  it('writes the API\'s line shape, marked process "worker", from the runtime and from its job host', async () => {
    const log = logCapture();
    const runtime = new WorkerRuntime(config, createLogger({ process: 'worker', level: 'log', destination: log }));
    await runtime.start();
    await runtime.stop();

    const lines = log.lines;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toEqual(
        expect.objectContaining({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: expect.any(String), msg: expect.any(String), process: 'worker', context: expect.any(String) }),
      );
    }
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', context: 'Worker', msg: 'worker started' }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', context: 'Jobs', msg: 'worker started', queue: 'maintenance' }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', context: 'Worker', msg: 'worker stopped' }));
  });
});
