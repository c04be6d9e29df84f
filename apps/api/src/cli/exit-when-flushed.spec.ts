import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

/** Runs the fixture, starting to read its output only after `delayMs` (a busy reader), and collects all of it. */
function runFixture(bytes: number, mode: 'flushed' | 'bare', delayMs: number): Promise<{ code: number | null; stdout: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', './scripts/register.js', 'apps/api/src/cli/exit-when-flushed.fixture.ts', String(bytes), mode], { cwd: root });
    let stdout = 0;
    let stderr = '';
    child.on('error', reject);
    const late = setTimeout(() => {
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.length));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    }, delayMs);
    child.on('close', (code) => {
      clearTimeout(late);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('exitWhenFlushed', () => {
  const bytes = 1_000_000; // far more than a pipe holds

  it('ends with the code only after a slow reader has had every byte', async () => {
    expect(await runFixture(bytes, 'flushed', 1500)).toEqual({ code: 3, stdout: bytes, stderr: 'done\n' });
  }, 30_000);

  it('is needed: process.exit alone cuts the same output short', async () => {
    const bare = await runFixture(bytes, 'bare', 1500);
    expect(bare.code).toBe(3);
    expect(bare.stdout).toBeLessThan(bytes);
  }, 30_000);
});
