import type { ChildProcess } from 'node:child_process';

/** Waits for a line starting with `prefix` on a child process's stdout (the crash tests' children say where they are). */
export function lineFrom(child: ChildProcess, prefix: string, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`child did not say ${prefix}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n').find((l) => l.startsWith(prefix));
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}) before ${prefix}`)));
  });
}
