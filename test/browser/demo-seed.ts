import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { addDays, dubaiToday, isoWeekday } from '@tbo/scheduling';

/**
 * The whole demo (supplier, agency and its contract, slots, priced tours, arrivals) through the seed's own commands,
 * in a process of its own: the suite's API runs in the test's process, and its projections must keep going while
 * the seed waits on them.
 */
export async function seedWholeDemo(): Promise<void> {
  await promisify(execFile)(process.execPath, ['-r', './scripts/register.js', 'apps/api/src/seed/seed.cli.ts'], { cwd: join(__dirname, '..', '..'), env: process.env, encoding: 'utf8' });
}

/**
 * A carousel date from Monday to Thursday (the demo dhow cruise's second sailing runs only at weekends), at least
 * two days ahead (the demo private safari closes 24 hours before the start).
 */
export function carouselWeekday(): string {
  for (let i = 2; i <= 10; i++) {
    const d = addDays(dubaiToday(), i);
    if (isoWeekday(d) <= 4) return d;
  }
  throw new Error('no weekday in the carousel');
}
