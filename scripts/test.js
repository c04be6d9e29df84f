// `npm test`: the whole suite as two jest runs side by side, the browser tests in one and everything else in the
// other. One jest run is one process doing one file at a time (each file starts its own API, and the browser files
// a Chromium), which left about a quarter of these two cores idle; two independent runs use them. Each run makes its
// own database, queue prefix and signing key (test/support/global-setup.ts), so neither sees the other's data.
// With arguments (`npm test -- test/api/x.test.ts`), it is one plain jest run of what they name.
'use strict';
const { spawn } = require('node:child_process');
const readline = require('node:readline');

const JEST = require.resolve('jest/bin/jest');
/** One file at a time per run; a worker past 2 GB is replaced between files, so memory stays bounded. */
const EACH = ['--maxWorkers=1', '--workerIdleMemoryLimit=2G'];
const BROWSER = '/test/browser/';
const LANES = [
  { name: 'browser', args: ['--selectProjects', 'integration', '--testPathPatterns', BROWSER], env: {} },
  // Only the browser tests load the built client, so only their run builds it.
  { name: 'rest', args: ['--testPathIgnorePatterns=/node_modules/', `--testPathIgnorePatterns=${BROWSER}`], env: { SKIP_WEB_BUILD: '1' } },
];
/** The line test/support/summary-reporter.js ends a run with. */
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/;

/**
 * Each API a test file starts keeps two pools (the store's and the read side's) of DATABASE_POOL_MAX connections:
 * at the default 20, two runs side by side came within a few connections of Postgres's default limit of 100. Ten
 * each is plenty for one file at a time, and the concurrency tests still queue a hundred requests on them.
 */
const POOL = { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? '10' };

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

function run(args, env, onLine) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [JEST, ...EACH, ...args], { env: { ...process.env, ...env }, stdio: onLine ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    if (onLine) {
      readline.createInterface({ input: child.stdout }).on('line', (line) => onLine(line, process.stdout));
      readline.createInterface({ input: child.stderr }).on('line', (line) => onLine(line, process.stderr));
    }
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main() {
  const own = process.argv.slice(2);
  if (own.length) process.exit(await run(own, {}, null));
  const totals = LANES.map(() => null);
  const codes = await Promise.all(
    LANES.map((lane, i) =>
      run(lane.args, { ...POOL, ...lane.env }, (line, out) => {
        const summary = SUMMARY.exec(line);
        if (summary) totals[i] = summary.slice(1).map(Number);
        // Every line says its run: the two runs' lines interleave.
        out.write(`[${lane.name}] ${line}\n`);
      }),
    ),
  );
  // A run that ended without its summary (it did not start, or was killed) counts as a failure.
  const [passed, failed, skipped] = totals.reduce((sum, t) => sum.map((n, k) => n + (t ? t[k] : 0)), [0, 0, 0]);
  const incomplete = totals.some((t) => t === null);
  process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped${incomplete ? ' (a run ended without its summary)' : ''}\n`);
  process.exit(codes.some((c) => c !== 0) || incomplete ? 1 : 0);
}

void main();
