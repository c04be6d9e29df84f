import { z } from 'zod';
import { EventSchemaRegistry } from '@tbo/event-schemas';
import { jobId } from '@tbo/kernel';
import { defineProcessManager, processManagerProjection, ProjectionHost, runnerStatus, type JobQueue, type RunnerStatus } from '@tbo/read-models';
import { allProcessManagers } from '../../apps/worker/src/process-managers';
import { bearer, expectErrorEnvelope, startApi, tokenFor } from '../support/api';
import { openKnex, openStore, projectionsCli, RecordingLogger, testMetadata, uniqueTag } from './projection-test-kit';

/**
 * Process managers run as projections (pm_<name>): the status lists them beside the read models,
 * with their checkpoint, lag and parked events, in `npm run projections -- status` and GET /api/projections.
 */

const tag = uniqueTag();
const TYPE = `StatusProbeRecorded${tag}`;
const registry = new EventSchemaRegistry().register({ type: TYPE, version: 1, schema: z.object({ n: z.number().int() }), example: { n: 1 } });
const BROKEN = 99;
const manager = defineProcessManager({
  name: `status_probe_${tag}`,
  handles: [TYPE],
  jobFor(event) {
    const { n } = event.data as { n: number };
    if (n === BROKEN) throw new Error('probe refuses this one');
    return { queue: 'status-probe', name: 'probe', jobId: jobId('probe', n), data: { n } };
  },
});

describe('runner status: process managers', () => {
  const storeHandle = openStore(registry, { max: 4, applicationName: `status-store-${tag}` });
  const db = openKnex(`status-runner-${tag}`, 4);
  const queued: string[] = [];
  const queue: JobQueue = { enqueue: async (_q, _name, _data, opts) => void queued.push(opts.jobId) };
  let stream = 0;
  const append = async (n: number) => {
    const res = await storeHandle.store.appendToStream(`statusprobe${tag}-${stream++}`, [{ type: TYPE, data: { n } }], { expectedRevision: 'no_stream', metadata: testMetadata() });
    return res.position;
  };
  const probeStatus = async (): Promise<RunnerStatus> => (await runnerStatus(db, storeHandle.store, [], [manager]))[0]!;

  afterAll(async () => {
    await db.destroy();
    await storeHandle.close();
  });

  it('shows a process manager with its checkpoint, its lag and its parked events', async () => {
    expect(await probeStatus()).toMatchObject({ name: `pm_status_probe_${tag}`, kind: 'process-manager', state: 'missing', lag: null });

    const host = new ProjectionHost(db, storeHandle.store, [processManagerProjection(manager, queue)], new RecordingLogger(), { pollMs: 100 });
    await append(1);
    await append(BROKEN);
    const last = await append(2);
    await host.catchUp();
    expect(queued.sort()).toEqual([jobId('probe', 1), jobId('probe', 2)].sort());
    const caughtUp = await probeStatus();
    expect(caughtUp).toMatchObject({ kind: 'process-manager', state: 'running', lag: 0, lagCapped: false, parked: { count: 1, streams: 1, oldest: { eventType: TYPE, reason: 'failed' } } });
    expect(storeHandle.store.comparePositions(caughtUp.checkpoint, last)).toBeGreaterThanOrEqual(0);
    expect(caughtUp.parked.oldest!.error).toContain('probe refuses this one');

    // Appended while nothing runs it: two events of its type wait.
    await append(3);
    await append(4);
    expect(await probeStatus()).toMatchObject({ lag: 2, caughtUp: false, checkpoint: caughtUp.checkpoint });
  });

  it('GET /api/projections lists the process managers the worker runs, after the read models, to superadmins only', async () => {
    const { app, http } = await startApi();
    try {
      const root = bearer(await tokenFor(['superadmin'], { supplierId: null }));
      const res = await http.get('/api/projections').set(root);
      expect(res.status).toBe(200);
      const list = res.body.Content as RunnerStatus[];
      const managers = list.filter((s) => s.kind === 'process-manager');
      expect(managers.map((s) => s.name).sort()).toEqual(allProcessManagers.map((m) => `pm_${m.name}`).sort());
      for (const s of managers) {
        expect(s).toHaveProperty('checkpoint');
        expect(s.lag === null || typeof s.lag === 'number').toBe(true);
        expect(s.parked.count).toEqual(expect.any(Number));
      }
      expect(list.findIndex((s) => s.kind === 'process-manager')).toBeGreaterThan(list.findIndex((s) => s.name === 'offers'));
      expect(list.find((s) => s.name === 'offers')).toMatchObject({ kind: 'projection', lag: expect.any(Number) });

      const parked = await http.get('/api/projections/pm_photo_variants/parked').set(root);
      expect(parked.status).toBe(200);
      expect(Array.isArray(parked.body.Content)).toBe(true);
      // Its levers need the worker's queues: only the parked list is served.
      expectErrorEnvelope(await http.post('/api/projections/pm_photo_variants/retry').set(root).send({}), 404);
      expectErrorEnvelope(await http.get('/api/projections').set(bearer(await tokenFor(['admin']))), 403);
    } finally {
      await app.close();
    }
  });

  it('`npm run projections -- status` lists them too', async () => {
    const json = await projectionsCli('status', '--json');
    expect(json.code).toBe(0);
    const statuses = JSON.parse(json.stdout) as RunnerStatus[];
    expect(statuses.find((s) => s.name === 'pm_photo_variants')).toMatchObject({ kind: 'process-manager', parked: { count: expect.any(Number) } });
    expect(statuses.find((s) => s.name === 'languages')).toMatchObject({ kind: 'projection' });
    const table = await projectionsCli('status');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^pm_photo_variants\s.*\sprocess-manager$/m);
    expect(table.stdout).toMatch(/^languages\s.*\sprojection$/m);
  }, 180_000);
});
