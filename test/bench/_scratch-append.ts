import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@tbo/kernel';
import { benchItem, benchMetadata, benchPool, benchRegistry, benchServerUrl, createBenchDatabase, now, BENCH_ITEM_RECORDED } from './support';

const W = 16;
async function main() {
  const db = await createBenchDatabase(benchServerUrl());
  const pool = benchPool(db.url, 20);
  const store = new PostgresEventStore(pool, benchRegistry(), db.url);
  try {
    await pool.query(`CREATE TABLE plain (event_id uuid PRIMARY KEY, stream_id text NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())`);
    await pool.query(`CREATE TABLE ev2 (LIKE events INCLUDING ALL)`);
    await Promise.all(Array.from({ length: 20 }, () => pool.query('SELECT 1')));
    let tag = 0;
    const go = async (n: number, f: (w: number, i: number, t: string) => Promise<unknown>) => { const t = `t${tag++}`; const per = n / W; const t0 = now(); await Promise.all(Array.from({ length: W }, async (_, w) => { for (let i = 0; i < per; i++) await f(w, i, t); })); return Math.round(n / ((now() - t0) / 1000)); };
    const sides: Record<string, (w: number, i: number, t: string) => Promise<unknown>> = {
      baseline: (w, i, t) => pool.query('INSERT INTO plain (event_id, stream_id, type, data, metadata) VALUES ($1,$2,$3,$4,$5)', [randomUUID(), `bench-${t}w${w}s${i}`, BENCH_ITEM_RECORDED, JSON.stringify(benchItem(i)), JSON.stringify(benchMetadata())]),
      eventsLikeInsert: (w, i, t) => pool.query('INSERT INTO ev2 (event_id, stream_id, revision, type, schema_version, data, metadata) VALUES ($1,$2,$3,$4,1,$5,$6)', [randomUUID(), `bench-${t}w${w}s${Math.floor(i / 10)}`, i % 10, BENCH_ITEM_RECORDED, JSON.stringify(benchItem(i)), JSON.stringify(benchMetadata())]),
      rawAppendFn: (w, i, t) => pool.query('SELECT next_revision, tx::text AS tx, last_position FROM append_events($1, $2, $3::uuid[], $4, $5, $6::jsonb[], $7::jsonb[])', [`bench-${t}w${w}s${Math.floor(i / 10)}`, i % 10 === 0 ? -1 : (i % 10) - 1, [randomUUID()], [BENCH_ITEM_RECORDED], [1], [JSON.stringify(benchItem(i))], [JSON.stringify(benchMetadata())]]),
      store: (w, i, t) => store.appendToStream(`bench-${t}w${w}s${Math.floor(i / 10)}`, [{ type: BENCH_ITEM_RECORDED, data: benchItem(i) }], { expectedRevision: i % 10 === 0 ? 'no_stream' : (i % 10) - 1, metadata: benchMetadata() }),
    };
    for (const [k, f] of Object.entries(sides)) await go(1600, f);
    for (let r = 0; r < 3; r++) { const out: string[] = []; for (const [k, f] of Object.entries(sides)) out.push(`${k}=${await go(24000, f)}`); console.log(out.join(' ')); }
  } finally { await store.close(); await pool.end(); await db.drop(); }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
