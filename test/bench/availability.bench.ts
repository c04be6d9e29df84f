/**
 * The availability chart's read at the size of a supplier's quarter: 50 rows (40 slots of four groups whose slots
 * are independent, and ten groups whose two slots share their seats) × 90 days, GET /api/availability?days=90
 * over HTTP through the in-process API. Baseline: the very statement that request runs (availabilityGridQuery:
 * the date series made in SQL, the changed dates left-joined, each row's days folded into JSON), sent straight
 * to Postgres over a pool of its own, sample for sample interleaved with the HTTP requests.
 *
 * Filling: the groups and slots are saved through the API and some dates closed and given capacities through
 * it, so the projection writes them; then about a third of the supplier's 4,500 departure-dates, and 30,000 of
 * another supplier's, are added in SQL as rows shaped like projected ones (a command for each would take
 * minutes here).
 */
import type { Pool } from 'pg';
import { availabilityGridQuery, waitForProjection } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { timeInterleaved } from './interleaved';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { ok } from './keep-alive-client';
import { withBenchApi } from './bench-api';
import { now, percentile, round } from './support';

const SUPPLIER = 1;
const INDEPENDENT_GROUPS = 4;
const SLOTS_PER_INDEPENDENT_GROUP = 10;
const SHARED_GROUPS = 10;
const ROWS = INDEPENDENT_GROUPS * SLOTS_PER_INDEPENDENT_GROUP + SHARED_GROUPS;
const DAYS = 90;
const OTHER_DATES = 30_000;
const SAMPLES = 200;
const WARM_UP = 30;
/** The grid is one screen's read: under a tenth of a second even at the 95th percentile, on this small shared machine. */
const P95_AIM_MS = 100;
/** HTTP, the read-your-writes check, the envelope and 4,500 days as JSON add less than the query itself. */
const P50_RATIO_AIM = 2;

type GridAnswer = { rows: { days: { closed: boolean; ownCapacity: number | null }[] }[] };

/** About a third of the supplier's row-dates closed or with a capacity of their own, and another supplier's dates beside them. */
async function fill(pool: Pool, from: string): Promise<void> {
  await pool.query(
    `INSERT INTO availability_dates (group_id, time_slot_id, date, supplier_id, capacity, is_closed, taken, held, version)
     SELECT r.group_id, r.time_slot_id, $2::date + n, $1::int, CASE WHEN (n + r.k) % 3 = 1 THEN 5 + (n % 20) END, (n + r.k) % 3 = 0, 0, 0, 0
       FROM (SELECT g.id AS group_id, coalesce(x.id, 0) AS time_slot_id, row_number() OVER () AS k
               FROM availability_groups g
               LEFT JOIN availability_slots x ON x.group_id = g.id AND g.is_independent
              WHERE g.supplier_id = $1 AND (g.is_independent OR x.id IS NULL)) r
      CROSS JOIN generate_series(0, $3::int - 1) n
      WHERE (n + r.k) % 3 <> 2
     ON CONFLICT DO NOTHING`,
    [SUPPLIER, from, DAYS],
  );
  await pool.query(
    `INSERT INTO availability_dates (group_id, time_slot_id, date, supplier_id, capacity, is_closed, taken, held, version)
     SELECT 1000000 + g / 365, g % 7, $2::date + (g % 365), 2, 10, g % 2 = 0, 0, 0, 0 FROM generate_series(1, $1::int) g
     ON CONFLICT DO NOTHING`,
    [OTHER_DATES, from],
  );
  await pool.query('VACUUM ANALYZE');
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  return withBenchApi(ctx.databaseUrl, 'availability', async (api, pool) => {
    const { client, db, store } = api;
    const auth = await api.auth(['admin'], { email: 'bench.availability@example.com', fullName: 'Bench', supplierId: SUPPLIER });
    const today = dubaiToday();
    const t0 = now();

    const group = async (name: string, independent: boolean) =>
      api.post<{ id: number }>('/api/timeslots/group', auth, { id: 0, name, capacity: 40, minimumAdvancedBooking: 2, pickUpTimeId: null, isTimeSlotsIndependant: independent });
    const slot = async (groupId: number, i: number, capacity: number | null) =>
      api.post<{ id: number; position: string }>('/api/timeslots', auth, {
        id: 0,
        groupId,
        name: `Slot ${i}`,
        timeType: 0,
        startTimeDescription: `${String(6 + (i % 14)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        endTimeDescription: '23:00',
        duration: 60,
        type: 0,
        daysOfferedList: i % 4 === 0 ? [1, 2, 4, 8, 16] : [0],
        capacity,
      });
    let position = '';
    for (let g = 0; g < INDEPENDENT_GROUPS; g++) {
      const { id } = await group(`Independent ${g}`, true);
      for (let i = 0; i < SLOTS_PER_INDEPENDENT_GROUP; i++) position = (await slot(id, i, 8 + i)).position;
    }
    const sharedIds: number[] = [];
    for (let g = 0; g < SHARED_GROUPS; g++) {
      const { id } = await group(`Shared ${g}`, false);
      sharedIds.push(id);
      for (let i = 0; i < 2; i++) position = (await slot(id, i, null)).position;
    }
    // A few changes through the commands, so the projected shape is the one cloned.
    for (const [i, groupId] of sharedIds.slice(0, 5).entries()) {
      const closed = await api.post<{ position: string }>('/api/availability/close', auth, { groupId, date: addDays(today, i) });
      const set = await api.post<{ position: string }>('/api/availability/capacity', auth, { groupId, date: addDays(today, i + 1), capacity: 12 });
      position = set.position ?? closed.position;
    }
    if (!(await waitForProjection(db, store, 'availability', position, 60_000))) throw new Error('the availability projection did not catch up');
    await fill(pool, today);
    const counts = (await pool.query<{ rows: number; dates: number }>(
      `SELECT (SELECT count(*)::int FROM availability_slots x JOIN availability_groups g ON g.id = x.group_id WHERE g.supplier_id = $1 AND g.is_independent) + (SELECT count(*)::int FROM availability_groups WHERE supplier_id = $1 AND NOT is_independent) AS rows,
              (SELECT count(*)::int FROM availability_dates WHERE supplier_id = $1) AS dates`,
      [SUPPLIER],
    )).rows[0]!;
    if (counts.rows !== ROWS) throw new Error(`filled ${counts.rows} rows, expected ${ROWS}`);
    ctx.log(`filled ${ROWS} rows, ${counts.dates} changed dates of the supplier and ${OTHER_DATES} of another, in ${round((now() - t0) / 1000, 1)} s`);

    const windows = [0, 30, 60].map((offset) => addDays(today, offset));
    const viaHttp = async (from: string) => {
      const t = now();
      const res = await client.send('GET', `/api/availability?from=${from}&days=${DAYS}`, auth);
      const ms = now() - t;
      return { ms, content: ok<GridAnswer>(res, 'GET /api/availability') };
    };
    /** The same statement the request runs, straight to Postgres. */
    const viaSql = async (from: string) => {
      const q = availabilityGridQuery(db, SUPPLIER, from, DAYS).toSQL().toNative();
      const t = now();
      const res = await pool.query<{ days: [number | null, boolean][] }>(q.sql, q.bindings as unknown[]);
      return { ms: now() - t, rows: res.rows };
    };

    // The two agree (rows, days, closed and own-capacity dates) before anything is timed.
    for (const from of windows) {
      const h = (await viaHttp(from)).content;
      const s = (await viaSql(from)).rows;
      const httpFigures = [h.rows.length, h.rows.reduce((n, r) => n + r.days.length, 0), h.rows.reduce((n, r) => n + r.days.filter((d) => d.closed).length, 0), h.rows.reduce((n, r) => n + r.days.filter((d) => d.ownCapacity !== null).length, 0)];
      const sqlFigures = [s.length, s.reduce((n, r) => n + r.days.length, 0), s.reduce((n, r) => n + r.days.filter((d) => d[1]).length, 0), s.reduce((n, r) => n + r.days.filter((d) => d[0] !== null).length, 0)];
      if (JSON.stringify(httpFigures) !== JSON.stringify(sqlFigures) || httpFigures[0] !== ROWS || httpFigures[1] !== ROWS * DAYS) {
        throw new Error(`from ${from}: HTTP and SQL disagree (${httpFigures.join('/')} vs ${sqlFigures.join('/')})`);
      }
      ctx.log(`from ${from}: ${httpFigures[0]} rows × ${DAYS} days, ${httpFigures[2]} closed, ${httpFigures[3]} with a capacity of their own`);
    }
    if (ctx.flags.has('profile')) {
      const q = availabilityGridQuery(db, SUPPLIER, today, DAYS).toSQL().toNative();
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.bindings as unknown[]);
      ctx.log(`plan:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }

    ctx.log(`${WARM_UP} warm-up rounds, then ${SAMPLES} samples over ${windows.length} windows, HTTP and direct SQL interleaved`);
    const { http: h, sql: s, sqlMs } = await timeInterleaved(windows, { samples: SAMPLES, warmUp: WARM_UP }, viaSql, viaHttp);
    ctx.log(`availability over HTTP p50 ${h.p50} ms p95 ${h.p95} ms; the same SQL directly p50 ${s.p50} ms p95 ${s.p95} ms`);
    const details = { rows: ROWS, days: DAYS, supplierDates: counts.dates, otherDates: OTHER_DATES, samples: SAMPLES, httpMs: h, sqlMs: s, sqlP50PerWindow: windows.map((w, i) => round(percentile(sqlMs.filter((_, j) => j % windows.length === i), 50), 2)) };
    const baseline = (p: 'p50' | 'p95') => ({ name: `the same grid query directly on Postgres, ${p}`, value: s[p], unit: 'ms' });
    const method = `in-process API on 127.0.0.1, keep-alive HTTP, ${SAMPLES} sequential GET /api/availability?days=${DAYS} over ${windows.length} windows (today, +30, +60 days) after ${WARM_UP} warm-up, ${ROWS} rows × ${DAYS} days; baseline: the same statement via pg directly, interleaved; ratio = value / baseline`;
    return [
      { name: 'api.availability_grid_50x90.p50', value: h.p50, unit: 'ms', baseline: baseline('p50'), ratio: round(h.p50 / s.p50), aim: { metric: 'ratio', op: '<', value: P50_RATIO_AIM }, method, details },
      { name: 'api.availability_grid_50x90.p95', value: h.p95, unit: 'ms', baseline: baseline('p95'), ratio: round(h.p95 / s.p95), aim: { metric: 'value', op: '<', value: P95_AIM_MS } },
    ];
  });
}

registerBenchmark({ name: 'availability', description: 'GET /api/availability for 50 slots × 90 days, vs the same grid query directly', run });
