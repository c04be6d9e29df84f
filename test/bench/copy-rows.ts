import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { now } from './support';

/** COPY text format: tab separated, \N for null, backslash escapes. */
function copyField(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  const s = v instanceof Date ? v.toISOString() : String(v);
  return s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * The baseline of the catch-up benchmarks: the rows a projection would write, sent with COPY FROM STDIN (the
 * fastest way Postgres takes rows in). Answers the seconds it took.
 */
export async function copyRows<R extends object>(pool: Pool, table: string, columns: readonly (keyof R & string)[], rows: readonly R[]): Promise<number> {
  const client = await pool.connect();
  try {
    const t0 = now();
    const sink = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
    async function* lines() {
      for (let i = 0; i < rows.length; i += 1000) {
        let chunk = '';
        for (const r of rows.slice(i, i + 1000)) chunk += columns.map((c) => copyField(r[c])).join('\t') + '\n';
        yield chunk;
      }
    }
    await pipeline(Readable.from(lines()), sink);
    return (now() - t0) / 1000;
  } finally {
    client.release();
  }
}
