/**
 * Issue 15: the arrivals.
 *
 * (a) The import of a 10,000-row rooming list (.xlsx) from upload to listed: POST /api/arrivals/import with the file
 *     as the body, then POST /api/arrivals/filtered (after the import's position) until its last guest is listed,
 *     against exceljs reading the same file (Workbook.xlsx.load and a walk over every cell) in the same run. Each
 *     round imports into a list of its own, its pax ids and names its own.
 * (b) POST /api/arrivals/filtered with 200,000 arrivals in the read model and In House on (the default), over HTTP
 *     through the in-process API, against the same read-model function (listArrivals: the page and the total in
 *     parallel, the same statements the API sends) called directly on the API's own pool, sample for sample
 *     interleaved.
 *
 * Filling (b): the imported rows are cloned in SQL (INSERT ... SELECT over generate_series into the live
 * generation's table, its secondary indexes dropped before and rebuilt from their own definitions after) into
 * 200,000 arrivals of the bench supplier over 400 days (stays of 1 to 14 nights, 15 hotels, groups of 4, statuses
 * and communication flags of their own); projecting 200,000 imported rows would only time the projection.
 */
import http from 'node:http';
import ExcelJS from 'exceljs';
import type { Pool } from 'pg';
import { listArrivals, type ArrivalFilter, type ArrivalSort } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { registerTenants } from '../support/identity';
import { withBenchApi } from './bench-api';
import { cloneRows, liveTable } from './clone-rows';
import { timeInterleaved } from './interleaved';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { now, percentile, round, sizeFlag } from './support';

const IMPORT_ROWS = 10_000;
const IMPORT_ROUNDS = 3;
const DEFAULT_ARRIVALS = 200_000;
const DAYS = 400;
const HOTELS = 15;
const PAGE_SIZE = 50;
const SAMPLES = 200;
const WARM_UP = 30;
const P95_AIM_MS = 50;
const IMPORT_RATIO_AIM = 10;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function roomingList(prefix: string, today: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Rooming list');
  ws.addRow(['Pax Id', 'Tourist name', 'Group Id', 'Hotel', 'Arrival date', 'Departure date', 'Phone', 'Age', 'Country', 'Room type', 'Meal', 'Arrival flight']);
  for (let i = 0; i < IMPORT_ROWS; i++) {
    ws.addRow([`${prefix}${i}`, `Guest ${prefix} ${i}`, 10_000 + Math.floor(i / 4), `Bench Hotel ${i % HOTELS}`, addDays(today, -(i % 5)), addDays(today, 1 + (i % 9)), `+9715${String(i).padStart(8, '0')}`, 20 + (i % 50), 'Russia', 'DBL', 'BB', `EK${100 + (i % 800)}`]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** exceljs reading the file the API is sent: every cell visited. */
async function exceljsRead(file: Buffer): Promise<number> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  let cells = 0;
  wb.worksheets[0]!.eachRow((row) => row.eachCell(() => void cells++));
  return cells;
}

function upload(port: number, path: string, auth: { authorization: string }, file: Buffer): Promise<{ status: number; body: { Content: { added: number; position: string }; ErrorMessage?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers: { ...auth, 'content-type': XLSX, 'content-length': file.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(file);
  });
}

/** Clones one imported row into `total` arrivals of the supplier: see the file comment for the shape. */
async function fill(pool: Pool, supplierId: number, total: number, start: string): Promise<string> {
  const table = await liveTable(pool, 'arrivals');
  const template = (await pool.query<{ id: number }>(`SELECT id FROM ${table} WHERE supplier_id = $1 ORDER BY id LIMIT 1`, [supplierId])).rows[0]!.id;
  const own: Record<string, string> = {
    id: '10000000 + g',
    pax_id: `'X' || g`,
    tourist_name: `(ARRAY['Anna Smirnova','Oliver Brown','Fatima Al Mansouri','Hans Müller','Priya Sharma','Lucas Martin','Yuki Tanaka','Omar Haddad'])[1 + g % 8] || ' ' || g`,
    group_id: '100000 + g / 4',
    group_info_id: 'NULL',
    hotel_id: `CASE WHEN g % 50 = 0 THEN NULL ELSE 1 + g % ${HOTELS} END`,
    hotel_name: `CASE WHEN g % 50 = 0 THEN '' ELSE 'Bench Hotel ' || (1 + g % ${HOTELS}) END`,
    arrival_date: `$1::date + (g / 4) % ${DAYS}`,
    departure_date: `$1::date + (g / 4) % ${DAYS} + 1 + (g / 4) % 14`,
    age: '18 + g % 60',
    status: `(ARRAY[0,0,0,3,4,5,6])[1 + (g / 4) % 7]`,
    group_status: `(ARRAY[0,0,0,3,4,0,6])[1 + (g / 4) % 7]`,
    number_of_bookings: `CASE WHEN (g / 4) % 7 = 5 THEN 1 ELSE 0 END`,
    comm_status: `(ARRAY[0,1,17])[1 + (g / 4) % 3]`,
    is_deleted: 'false',
  };
  await cloneRows(pool, table, template, total, start, own);
  return table;
}

interface Variant {
  name: string;
  body: Record<string, unknown>;
  filter: Partial<ArrivalFilter>;
  sort: ArrivalSort;
  page: number;
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const total = sizeFlag(ctx.flags, 'arrival-rows', DEFAULT_ARRIVALS);
  return withBenchApi(ctx.databaseUrl, 'arrivals', async (api, pool) => {
    const { app, client, db } = api;
    const port = (app.getHttpServer().address() as { port: number }).port;
    const today = dubaiToday();
    const { supplierId } = await registerTenants(app);
    const auth = await api.auth(['arrivalsmanager'], { email: `arrivals.bench.${supplierId}@bench.local`, fullName: 'Bench Arrivals', supplierId });

    // ----- (a) the import, from upload to listed -----
    const importMs: number[] = [];
    const exceljsMs: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < IMPORT_ROUNDS; r++) {
      const prefix = `R${r}x`;
      const file = await roomingList(prefix, today);
      const viaApi = async () => {
        const t = now();
        const res = await upload(port, `/api/arrivals/import?name=Bench%20${r}`, auth, file);
        if (res.status !== 200) throw new Error(`import answered ${res.status}: ${res.body.ErrorMessage ?? ''}`);
        if (res.body.Content.added !== IMPORT_ROWS) throw new Error(`import added ${res.body.Content.added}`);
        const last = `Guest ${prefix} ${IMPORT_ROWS - 1}`;
        for (;;) {
          const listed = await client.send('POST', '/api/arrivals/filtered', auth, { after: res.body.Content.position, pageSize: 1, filters: { touristName: last } });
          const content = listed.status === 200 ? (JSON.parse(listed.body) as { Content: { entities: { touristName: string }[] } }).Content : null;
          if (listed.status === 200 && content?.entities[0]?.touristName === last) break;
          if (now() - t > 120_000) throw new Error('the imported list was not listed within 2 minutes');
        }
        return now() - t;
      };
      const viaExceljs = async () => {
        const t = now();
        const cells = await exceljsRead(file);
        if (cells < IMPORT_ROWS * 12) throw new Error(`exceljs read ${cells} cells`);
        return now() - t;
      };
      // Alternate which goes first.
      const [a, b] = r % 2 === 0 ? [await viaApi(), await viaExceljs()] : await (async () => { const e = await viaExceljs(); return [await viaApi(), e]; })();
      importMs.push(a);
      exceljsMs.push(b);
      ratios.push(a / b);
      ctx.log(`import round ${r + 1}: upload to listed ${Math.round(a)} ms, exceljs reading the file ${Math.round(b)} ms (${file.length} bytes)`);
    }

    // ----- (b) the list with 200,000 arrivals, In House on -----
    const t0 = now();
    const table = await fill(pool, supplierId, total, addDays(today, -DAYS / 2));
    const inHouseRows = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE supplier_id = $1 AND NOT is_deleted AND arrival_date <= $2 AND departure_date >= $2`, [supplierId, today])).rows[0]!.n);
    ctx.log(`filled ${total} arrivals (${inHouseRows} in house today) in ${round((now() - t0) / 1000, 1)} s`);

    const base: ArrivalFilter = { supplierId, inHouseOn: today, groupId: null, statuses: [], salesStaffIds: [], hotelIds: [], meetingDate: { from: null, to: null }, arrivalDate: { from: null, to: null }, departureDate: { from: null, to: null }, age: { from: null, to: null }, text: {} };
    const variant = (name: string, body: Record<string, unknown>, filter: Partial<ArrivalFilter>, sort: ArrivalSort = { field: 'groupId', direction: 'ASC' }, page = 1): Variant => ({ name, body, filter, sort, page });
    const variants: Variant[] = [
      variant('default (groupId ASC)', {}, {}),
      variant('page 20', { page: 20 }, {}, undefined, 20),
      variant('tourist name ASC', { orderBy: 'touristName', orderType: 'ASC' }, {}, { field: 'touristName', direction: 'ASC' }),
      variant('status No Comm.', { statuses: [0] }, { statuses: [0] }),
      variant('two hotels', { hotelIds: [3, 7] }, { hotelIds: [3, 7] }),
      variant('name contains smirnova', { filters: { touristName: 'smirnova' } }, { text: { touristName: 'smirnova' } }),
      variant('arrival date DESC', { orderBy: 'arrivalDate', orderType: 'DESC' }, {}, { field: 'arrivalDate', direction: 'DESC' }),
    ];
    const viaHttp = async (v: Variant) => {
      const t = now();
      const res = await client.send('POST', '/api/arrivals/filtered', auth, { pageSize: PAGE_SIZE, ...v.body });
      const ms = now() - t;
      if (res.status !== 200) throw new Error(`${v.name}: ${res.status}`);
      const content = (JSON.parse(res.body) as { Content: { entities: { id: number }[]; pagingInfo: { totalItems: number } } }).Content;
      return { ms, ids: content.entities.map((e) => e.id), total: content.pagingInfo.totalItems };
    };
    const direct = async (v: Variant) => {
      const t = now();
      const r = await listArrivals(db, { ...base, ...v.filter }, v.sort, { offset: (v.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
      return { ms: now() - t, ids: r.rows.map((x) => x.id), total: r.total };
    };
    for (const v of variants) {
      const h = await viaHttp(v);
      const q = await direct(v);
      if (JSON.stringify(h.ids) !== JSON.stringify(q.ids) || h.total !== q.total) throw new Error(`${v.name}: HTTP and SQL disagree (${h.ids.length}/${h.total} vs ${q.ids.length}/${q.total})`);
      ctx.log(`arrivals list ${v.name}: ${h.ids.length} rows of ${h.total}`);
    }
    const { http: h, sql: q } = await timeInterleaved(variants, { samples: SAMPLES, warmUp: WARM_UP }, direct, viaHttp);
    ctx.log(`arrivals list over HTTP p50 ${h.p50} ms p95 ${h.p95} ms; the same statements directly p50 ${q.p50} ms p95 ${q.p95} ms`);

    const listMethod = `in-process API on 127.0.0.1, keep-alive HTTP, ${SAMPLES} sequential POST /api/arrivals/filtered (In House on, ${PAGE_SIZE} a page) over ${variants.length} variants (${variants.map((v) => v.name).join('; ')}) after ${WARM_UP} warm-up; ${total} arrivals of the supplier, ${inHouseRows} in house; baseline: listArrivals (the same statements) on the API's pool, interleaved`;
    const listBaseline = (p: 'p50' | 'p95') => ({ name: `the same statements (listArrivals, page + total in parallel) directly, ${p}`, value: q[p], unit: 'ms' });
    return [
      {
        name: 'api.arrivals_import_10k',
        value: round(percentile(importMs, 50), 1),
        unit: 'ms',
        baseline: { name: 'exceljs loading the same file and visiting every cell', value: round(percentile(exceljsMs, 50), 1), unit: 'ms' },
        ratio: round(percentile(ratios, 50)),
        aim: { metric: 'ratio', op: '<=', value: IMPORT_RATIO_AIM },
        method: `POST /api/arrivals/import (${IMPORT_ROWS}-row .xlsx as the body, a new list each round) then POST /api/arrivals/filtered after its position until the last guest is listed, vs exceljs Workbook.xlsx.load of the same bytes and eachRow/eachCell; ${IMPORT_ROUNDS} rounds, order alternated; ratio = median of per-round ratios`,
        details: { importMs: importMs.map((x) => round(x, 1)), exceljsMs: exceljsMs.map((x) => round(x, 1)), roundRatios: ratios.map((x) => round(x)) },
      },
      { name: 'api.arrivals_list_in_house.p50', value: h.p50, unit: 'ms', baseline: listBaseline('p50'), ratio: round(h.p50 / q.p50), aim: null, method: listMethod, details: { rows: total, inHouseRows, httpMs: h, sqlMs: q } },
      { name: 'api.arrivals_list_in_house.p95', value: h.p95, unit: 'ms', baseline: listBaseline('p95'), ratio: round(h.p95 / q.p95), aim: { metric: 'value', op: '<', value: P95_AIM_MS }, method: listMethod },
    ];
  });
}

registerBenchmark({ name: 'arrivals', description: 'arrivals: a 10,000-row import from upload to listed vs exceljs reading the file; the list with 200,000 arrivals, In House on, vs the same statements', run });
