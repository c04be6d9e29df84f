// Writes `bytes` of text to stdout, a line to stderr, then ends with code 3 (exit-when-flushed.spec.ts reads it late).
import { exitWhenFlushed } from './exit-when-flushed';

const bytes = Number(process.argv[2]);
const line = `${'x'.repeat(99)}\n`;
for (let i = 0; i < bytes / line.length; i++) process.stdout.write(line);
process.stderr.write('done\n');
if (process.argv[3] === 'bare') process.exit(3);
exitWhenFlushed(3);
