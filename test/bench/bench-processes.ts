import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { now, sleep } from './support';

/**
 * The API and the projections in processes of their own, as a deployment runs them (docker-compose: `api` with
 * API_RUNS_PROJECTIONS=0 and `worker`): the benchmark's own process then only sends the requests and runs the
 * baseline, and the API's one thread serves requests without applying projection steps between them.
 */

const ROOT = path.resolve(__dirname, '../..');
const START_TIMEOUT_MS = 60_000;

export interface BenchProcess {
  pid: number;
  /** Ends the process (SIGTERM, then SIGKILL after 10 s) and waits for it. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startChild(file: string, env: Record<string, string>, log: (line: string) => void): ChildProcess {
  // BENCH_CHILD_NODE_ARGS: flags for the children's node, e.g. `--cpu-prof --cpu-prof-dir=prof` to see where
  // the API's or the projections' time goes (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '-r', './scripts/register.js', file], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (b: Buffer) => log(`${path.basename(file)}: ${b.toString().trim()}`));
  return child;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });

/** apps/api's main on a free 127.0.0.1 port without projection runners, once it answers. */
export async function startApiProcess(databaseUrl: string, queuePrefix: string, log: (line: string) => void): Promise<BenchProcess & { port: number }> {
  const port = await freePort();
  const child = startChild('apps/api/src/main.ts', { DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', API_RUNS_PROJECTIONS: '0', QUEUE_PREFIX: queuePrefix }, log);
  const stop = stopper(child);
  const t0 = now();
  while (!(await answers(port))) {
    if (child.exitCode !== null || now() - t0 > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`the API process did not start (exit code ${child.exitCode})`);
    }
    await sleep(100);
  }
  return { pid: child.pid!, port, stop };
}

/** The first match of `pattern` in what the child writes to stdout, or null if it exits or stays silent too long. */
function stdoutMatch(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), START_TIMEOUT_MS);
    child.stdout!.on('data', (b: Buffer) => {
      const m = pattern.exec(b.toString());
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', () => resolve(null));
  });
}

/** Every projection runner in a process of its own (projections.child.ts), once they have started. */
export async function startProjectionsProcess(databaseUrl: string, log: (line: string) => void): Promise<BenchProcess> {
  const child = startChild('test/bench/projections.child.ts', { DATABASE_URL: databaseUrl }, log);
  const stop = stopper(child);
  if (!(await stdoutMatch(child, /READY/))) {
    await stop();
    throw new Error('the projections process did not start');
  }
  return { pid: child.pid!, stop };
}

/** bare-command.child.ts on a free 127.0.0.1 port, once it listens. */
export async function startBareCommandProcess(databaseUrl: string, log: (line: string) => void): Promise<BenchProcess & { port: number }> {
  const child = startChild('test/bench/bare-command.child.ts', { DATABASE_URL: databaseUrl }, log);
  const stop = stopper(child);
  const listening = await stdoutMatch(child, /PORT (\d+)/);
  if (!listening) {
    await stop();
    throw new Error('the bare command process did not start');
  }
  return { pid: child.pid!, port: Number(listening[1]), stop };
}
