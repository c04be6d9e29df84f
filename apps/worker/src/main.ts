import { loadConfig } from '@tbo/kernel';
import { WorkerRuntime } from './worker-runtime';

async function main(): Promise<void> {
  const runtime = new WorkerRuntime(loadConfig());
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.log.log('worker stopping', { signal });
    // stop() lets a start under way settle first, then stops whatever it started: the exit code is the stop's.
    runtime.stop().then(
      () => process.exit(0),
      (err) => {
        runtime.log.error('worker did not stop cleanly', { error: (err as Error).message });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  try {
    await runtime.start();
  } catch (err) {
    // A start that failed because a signal stopped it is no failure: the stop above ends the process.
    if (stopping) return;
    throw err;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
