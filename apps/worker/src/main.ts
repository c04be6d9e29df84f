import { loadConfig } from '@tbo/kernel';
import { jsonLogger } from './json.logger';
import { WorkerRuntime } from './worker-runtime';

async function main(): Promise<void> {
  const runtime = new WorkerRuntime(loadConfig());
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    jsonLogger.log('worker stopping', { signal });
    runtime.stop().then(
      () => process.exit(0),
      (err) => {
        jsonLogger.error('worker did not stop cleanly', { error: (err as Error).message });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await runtime.start();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
