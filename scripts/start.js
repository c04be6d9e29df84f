// `npm start`: the API and the worker in the foreground, in one terminal. Ctrl-C (or SIGTERM)
// stops both gracefully; if either exits on its own, the other is stopped too.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const parts = [
  { name: 'api', entry: 'apps/api/src/main.ts' },
  { name: 'worker', entry: 'apps/worker/src/main.ts' },
];

let stopping = false;
const children = parts.map(({ name, entry }) => {
  const child = spawn(process.execPath, ['-r', './scripts/register.js', entry], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(`[${name}] ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping the rest`);
      stopAll(code || 1);
    }
  });
  return child;
});

function stopAll(exitCode) {
  stopping = true;
  let alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of alive) c.kill('SIGTERM');
  const force = setTimeout(() => alive.forEach((c) => c.kill('SIGKILL')), 15000);
  Promise.all(alive.map((c) => new Promise((r) => c.once('exit', r)))).then(() => {
    clearTimeout(force);
    process.exit(exitCode);
  });
  if (alive.length === 0) process.exit(exitCode);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
