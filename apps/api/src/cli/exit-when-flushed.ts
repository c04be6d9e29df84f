/**
 * Ends a command-line run with `code` once stdout and stderr have handed over everything written to them.
 *
 * process.exit() on its own drops what a pipe has not taken yet: a write to a full pipe (64 KB, read by someone busy
 * or slow) is queued in the process, and exit discards the queue. `npm run users -- list | less` with a few hundred
 * users, or a test reading the list, got it cut off part-way. A write's callback runs once every earlier write to the
 * stream has gone, so an empty write on each stream marks the moment the output is complete.
 */
export function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
