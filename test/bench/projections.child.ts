/**
 * The projections alone in a process of their own, as the worker runs them beside the API in a deployment
 * (API_RUNS_PROJECTIONS=0): every projection runner over DATABASE_URL, and no process managers or job processors
 * (a benchmark times commands and their read models, not the documents a booking's process manager queues).
 * Says READY on stdout once the runners have started; stops them on SIGTERM.
 */
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { createEventStore, createKnex, loadConfig } from '@tbo/kernel';
import { allProjections, ProjectionHost } from '@tbo/read-models';

async function main(): Promise<void> {
  const config = loadConfig();
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 10, application_name: 'tbo-bench-projections-store' });
  const store = createEventStore(config, pool, createEventRegistry());
  const db = createKnex(config.DATABASE_URL, { poolMax: 10, applicationName: 'tbo-bench-projections' });
  const quiet = () => undefined;
  const host = new ProjectionHost(db, store, allProjections, { log: quiet, warn: quiet, error: (m, meta) => process.stderr.write(`${m} ${JSON.stringify(meta ?? {})}\n`) });
  await host.start();
  process.stdout.write('READY\n');
  process.once('SIGTERM', () => {
    void (async () => {
      await host.stop();
      await store.close();
      await db.destroy();
      await pool.end().catch(() => undefined);
      process.exit(0);
    })();
  });
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
