/**
 * Issue 13 (c) and (e): the booking lists with 1,000,000 bookings in the read model.
 *
 * (c) POST /api/bookings/operations (14-day window, status filter, sorts, pages, sums) and GET /api/agent/bookings
 *     (an agency admin's and an agent's lists, pages, a month's range, 'Only my bookings', a sort by guest, the free
 *     text filter) over HTTP through the in-process API, against the very statements each request runs (built by the
 *     same read-model functions with the scope the API builds from the token, page and totals in parallel) sent
 *     straight to Postgres, sample for sample interleaved.
 * (e) bookings.xlsx of 100,000 filtered bookings (POST /api/bookings/operations/xlsx, 100 days, status normal) read
 *     to the end over HTTP, against exceljs's streaming WorkbookWriter writing the same cells (fetched and escaped
 *     beforehand) to a sink alone: used plainly (a row added and committed at a time), and as the API's writer
 *     (writeXlsx) drives it, which shares cell styles and so writes faster; against the latter the ratio is what
 *     fetching, formatting and sending the rows add. And this process's RSS growth during the export (the API runs
 *     in this process: the client side only counts the bytes it receives, and the first export runs before the
 *     baselines' cells are made, so the growth is the API's).
 *
 * Filling: four bookings are made through the API (so the projection writes their rows); one row is then cloned in
 * SQL (INSERT ... SELECT over generate_series into the live generation's table, its generated columns left to
 * Postgres, its secondary indexes dropped before and rebuilt from their own definitions after) into 1,000,000 rows
 * with ids, dates, agencies, agents, guests, vouchers, counts and statuses of their own. Appending a million
 * BookingCreated events and projecting them would take the better part of an hour here. The bench supplier has 1,250 bookings a day over 640 days (10 % cancelled, 10 %
 * pending, so exactly 1,000 'normal' a day), other suppliers the rest; the bench agency is one of 40.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { escapeCell, writeXlsx, type CellValue } from '@tbo/kernel';
import { agentBookingQueries, operatorBookingQueries, operatorSheetBatches, waitForProjection, type AgentBookingFilter, type AgentSortField, type OperatorBookingFilter, type OperatorSortField } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { operatorSheetColumns, operatorSheetTexts } from '@tbo/booking/src/lists/booking-sheets';
import { cloneRows, liveTable } from './clone-rows';
import { timeInterleaved } from './interleaved';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { withBenchApi } from './bench-api';
import { benchBookable, bookingBody, idempotencyKey, type BenchBookable } from './booking-setup';
import { ok } from './keep-alive-client';
import { now, percentile, round, sizeFlag } from './support';
import { compared } from './figures';

const DEFAULT_ROWS = 1_000_000;
const SUPPLIER_PER_DAY = 1250;
const SUPPLIER_SHARE = 0.8;
const AGENCIES = 40;
const PAGE_SIZE = 20;
const SAMPLES = 200;
const WARM_UP = 30;
const EXPORT_DAYS = 100;
const EXPORT_ROUNDS = 3;
const P95_AIM_MS = 50;
const P95_RATIO_AIM = 1.5;
const EXPORT_RATIO_AIM = 1.2;
const RSS_AIM_MB = 200;
const MB = 1024 * 1024;

const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Clones the template row into the live generation's table: see the file comment for the shape. */
async function fill(pool: Pool, s: BenchBookable, templateId: number, total: number, start: string): Promise<{ table: string; supplierRows: number; days: number }> {
  const table = await liveTable(pool, 'bookings');
  const days = Math.max(1, Math.round((total * SUPPLIER_SHARE) / SUPPLIER_PER_DAY));
  const supplierRows = Math.min(total, days * SUPPLIER_PER_DAY);
  const agents = s.agents.map((a) => a.userId);
  // g is the row's number; the bench supplier's rows come first, SUPPLIER_PER_DAY to a day.
  const own: Record<string, string> = {
    id: '10000000 + g',
    supplier_id: `CASE WHEN g < ${supplierRows} THEN ${s.supplierId} ELSE 1000 + g % 4 END`,
    date: `$1::date + CASE WHEN g < ${supplierRows} THEN g / ${SUPPLIER_PER_DAY} ELSE g % ${days} END`,
    agency_id: `CASE WHEN g % ${AGENCIES} = 0 THEN ${s.agencyId} ELSE 100000 + g % ${AGENCIES} END`,
    agent_id: `CASE WHEN g % ${AGENCIES} = 0 THEN (ARRAY[${agents.join(',')}])[1 + (g / ${AGENCIES}) % ${agents.length}] ELSE 200000 + (g % ${AGENCIES}) * 5 + (g / ${AGENCIES}) % 5 END`,
    staff_agent_id: 'NULL',
    booked_at: `($1::date + CASE WHEN g < ${supplierRows} THEN g / ${SUPPLIER_PER_DAY} ELSE g % ${days} END - (1 + g % 20))::timestamptz + make_interval(secs => g % 86400)`,
    tour_name: `t.tour_name || ' ' || (g % 30)`,
    offer_name: `t.offer_name || ' ' || (g % 90)`,
    guest_name: `(ARRAY['Anna Smirnova','Oliver Brown','Fatima Al Mansouri','Hans Müller','Priya Sharma','Lucas Martin','Yuki Tanaka','Omar Haddad'])[1 + g % 8] || ' ' || g`,
    room: `(100 + g % 900)::text`,
    tel: `'+9715' || lpad((g % 10000000)::text, 8, '0')`,
    voucher: `'V-' || g`,
    ad: '1 + g % 4',
    ch: 'g % 3',
    inf: '(g % 7 = 0)::int',
    foc: '(g % 25 = 0)::int',
    status: 'CASE g % 10 WHEN 0 THEN 4 WHEN 1 THEN 1 ELSE 0 END',
    version: '0',
  };
  await cloneRows(pool, table, templateId, total, start, own);
  return { table, supplierRows, days };
}

interface Variant<F, S> {
  name: string;
  auth: { authorization: string };
  send: () => { method: 'GET' | 'POST'; path: string; body?: unknown };
  filter: F;
  sort: S;
  page: number;
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const total = sizeFlag(ctx.flags, 'booking-rows', DEFAULT_ROWS);
  return withBenchApi(ctx.databaseUrl, 'bookings-lists', async (api, pool) => {
    const { client, db, store } = api;
    const t0 = now();
    const s = await benchBookable(api, [{ name: 'Evening', capacity: 100, independent: false, slots: 1 }], 2);
    let position = '';
    let templateId = 0;
    for (let i = 0; i < 4; i++) {
      const agent = s.agents[i % 2]!;
      const made = await api.post<{ id: number; position: string }>('/api/agent/bookings', { authorization: agent.authorization, ...idempotencyKey() }, bookingBody(s, s.groups[0]!.slotIds[0]!, addDays(s.firstDate, i), i));
      templateId ||= made.id;
      position = made.position;
    }
    if (!(await waitForProjection(db, store, 'bookings', position, 30_000))) throw new Error('the bookings projection did not catch up');
    const today = dubaiToday();
    const start = addDays(today, -400);
    const filled = await fill(pool, s, templateId, total, start);
    ctx.log(`filled ${total} bookings (${filled.supplierRows} of the bench supplier over ${filled.days} days) in ${round((now() - t0) / 1000, 1)} s`);

    // ----- (c) the lists -----
    const from = today;
    const to = addDays(today, 14);
    const operator = (name: string, status: OperatorBookingFilter['status'], field: OperatorSortField, direction: 'ASC' | 'DESC', page: number): Variant<OperatorBookingFilter, { field: OperatorSortField; direction: 'ASC' | 'DESC' }> => ({
      name,
      auth: s.operations,
      send: () => ({ method: 'POST', path: '/api/bookings/operations', body: { page, pageSize: PAGE_SIZE, orderBy: field, orderType: direction, from, to, status } }),
      filter: { supplierId: s.supplierId, from, to, status, filters: {} },
      sort: { field, direction },
      page,
    });
    const operatorVariants = [
      operator('normal, date ASC, page 1', 'normal', 'date', 'ASC', 1),
      operator('normal, date ASC, page 40', 'normal', 'date', 'ASC', 40),
      operator('normal, guest name ASC', 'normal', 'guestName', 'ASC', 1),
      operator('pending, booked at DESC', 'pending', 'bookingDateTime', 'DESC', 1),
      operator('all statuses, id DESC, page 3', null, 'id', 'DESC', 3),
    ];
    const admin = s.agents[0]!;
    const agent2 = s.agents[1]!;
    // As the API scopes a list: the agency from the token, the caller by email (checked in the statements, and the
    // one agent when the list is narrowed to them).
    const agency = (caller: typeof admin, onlyCaller: boolean) => ({ kind: 'agency' as const, agencyId: s.agencyId, agentId: onlyCaller ? { email: caller.email } : null, caller: { email: caller.email } });
    const agentVariant = (name: string, who: typeof admin, query: string, filter: Omit<AgentBookingFilter, 'text'> & { text?: string }, field: AgentSortField, direction: 'ASC' | 'DESC', page: number): Variant<AgentBookingFilter, { field: AgentSortField; direction: 'ASC' | 'DESC' }> => ({
      name,
      auth: { authorization: who.authorization },
      send: () => ({ method: 'GET', path: `/api/agent/bookings?pageSize=${PAGE_SIZE}${query ? `&${query}` : ''}` }),
      filter: { text: '', ...filter },
      sort: { field, direction },
      page,
    });
    const monthFrom = addDays(today, -30);
    const agentVariants = [
      agentVariant('agency admin, default (date DESC)', admin, '', { scope: agency(admin, false), from: null, to: null }, 'date', 'DESC', 1),
      agentVariant('agency admin, page 20', admin, 'page=20', { scope: agency(admin, false), from: null, to: null }, 'date', 'DESC', 20),
      agentVariant('agency admin, a month', admin, `from=${dmy(monthFrom)}&to=${dmy(today)}`, { scope: agency(admin, false), from: monthFrom, to: today }, 'date', 'DESC', 1),
      agentVariant('agency admin, only mine', admin, 'showMy=1', { scope: agency(admin, true), from: null, to: null }, 'date', 'DESC', 1),
      agentVariant('agency admin, guest name ASC', admin, 'orderBy=guestName&orderType=ASC', { scope: agency(admin, false), from: null, to: null }, 'guestName', 'ASC', 1),
      agentVariant('agent, default', agent2, '', { scope: agency(agent2, true), from: null, to: null }, 'date', 'DESC', 1),
      agentVariant('agency admin, f=smirnova', admin, 'f=smirnova', { scope: agency(admin, false), from: null, to: null, text: 'smirnova' }, 'date', 'DESC', 1),
    ];

    const viaHttp = async (v: Variant<unknown, unknown>) => {
      const r = v.send();
      const t = now();
      const res = await client.send(r.method, r.path, v.auth, r.body);
      const ms = now() - t;
      const content = ok<{ entities: { id: number }[]; pagingInfo: { totalItems: number }; sums?: { ad: number } }>(res, v.name);
      return { ms, ids: content.entities.map((e) => e.id), total: content.pagingInfo.totalItems };
    };
    const direct = async (rows: Knex.QueryBuilder, totals: Knex.QueryBuilder) => {
      const r = rows.toSQL().toNative();
      const c = totals.toSQL().toNative();
      const t = now();
      const [a, b] = await Promise.all([pool.query<{ id: number }>(r.sql, r.bindings as unknown[]), pool.query<{ total: number }>(c.sql, c.bindings as unknown[])]);
      return { ms: now() - t, ids: a.rows.map((x) => x.id), total: Number(b.rows[0]?.total ?? 0) };
    };
    const operatorSql = (v: (typeof operatorVariants)[number]) => {
      const q = operatorBookingQueries(db, v.filter, v.sort, { offset: (v.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
      return direct(q.rows, q.totals);
    };
    const agentSql = (v: (typeof agentVariants)[number]) => {
      const q = agentBookingQueries(db, v.filter, v.sort, { offset: (v.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
      return direct(q.rows, q.count);
    };

    const measure = async <V extends Variant<unknown, unknown>>(label: string, variants: V[], sql: (v: V) => Promise<{ ms: number; ids: number[]; total: number }>) => {
      // The two agree (same page, same total) before anything is timed.
      for (const v of variants) {
        const h = await viaHttp(v);
        const q = await sql(v);
        if (JSON.stringify(h.ids) !== JSON.stringify(q.ids) || h.total !== q.total) throw new Error(`${label} ${v.name}: HTTP and SQL disagree (${h.ids.length}/${h.total} vs ${q.ids.length}/${q.total})`);
        ctx.log(`${label} ${v.name}: ${h.ids.length} rows of ${h.total}`);
      }
      const { http: h, sql: q, perCase: variantsDetail } = await timeInterleaved(variants, { samples: SAMPLES, warmUp: WARM_UP }, sql, viaHttp);
      ctx.log(`${label} over HTTP p50 ${h.p50} ms p95 ${h.p95} ms; the same SQL directly p50 ${q.p50} ms p95 ${q.p95} ms`);
      return { h, q, variantsDetail };
    };
    const listResults = (name: string, what: string, m: Awaited<ReturnType<typeof measure>>, variantNames: string[]): BenchResult[] => {
      const baseline = (p: 'p50' | 'p95') => ({ name: `the same statements (page + totals in parallel) directly on Postgres, ${p}`, value: m.q[p], unit: 'ms' });
      const method = `in-process API on 127.0.0.1, keep-alive HTTP, ${SAMPLES} sequential ${what} over ${variantNames.length} variants (${variantNames.join('; ')}) after ${WARM_UP} warm-up, ${total} bookings in the read model; baseline: the same statements via pg directly, interleaved; ratio = value / baseline`;
      return [
        { name: `${name}.p50`, value: m.h.p50, unit: 'ms', baseline: baseline('p50'), ratio: round(m.h.p50 / m.q.p50), aim: null, method, details: { rows: total, httpMs: m.h, sqlMs: m.q, variants: m.variantsDetail } },
        { name: `${name}.p95`, value: m.h.p95, unit: 'ms', baseline: baseline('p95'), ratio: round(m.h.p95 / m.q.p95), aim: { metric: 'value', op: '<', value: P95_AIM_MS } },
        { name: `${name}.p95_vs_sql`, value: m.h.p95, unit: 'ms', baseline: baseline('p95'), ratio: round(m.h.p95 / m.q.p95), aim: { metric: 'ratio', op: '<=', value: P95_RATIO_AIM } },
      ];
    };
    const op = await measure('operator list', operatorVariants, operatorSql);
    const ag = await measure('agent list', agentVariants, agentSql);

    // ----- (e) the export -----
    const exportFrom = addDays(today, -EXPORT_DAYS / 2);
    const exportTo = addDays(exportFrom, EXPORT_DAYS - 1);
    const exportBody = { from: exportFrom, to: exportTo, status: 'normal', orderBy: 'date', orderType: 'ASC' };
    const exportFilter: OperatorBookingFilter = { supplierId: s.supplierId, from: exportFrom, to: exportTo, status: 'normal', filters: {} };
    const exportRows = (await viaHttp({ name: 'export count', auth: s.operations, send: () => ({ method: 'POST', path: '/api/bookings/operations', body: { ...exportBody, pageSize: 1 } }), filter: null, sort: null, page: 1 })).total;
    const rss = () => process.memoryUsage.rss();
    const sampleRss = () => {
      let peak = rss();
      const timer = setInterval(() => (peak = Math.max(peak, rss())), 5);
      return () => {
        clearInterval(timer);
        return Math.max(peak, rss());
      };
    };
    const exportViaApi = () =>
      new Promise<{ ms: number; bytes: number; rssBefore: number; rssPeak: number }>((resolve, reject) => {
        const payload = JSON.stringify(exportBody);
        const rssBefore = rss();
        const stop = sampleRss();
        const t = now();
        const req = http.request(
          { host: '127.0.0.1', port: s.port, method: 'POST', path: '/api/bookings/operations/xlsx', headers: { ...s.operations, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
          (res) => {
            let bytes = 0;
            res.on('data', (c: Buffer) => (bytes += c.length));
            res.on('end', () => {
              const ms = now() - t;
              const rssPeak = stop();
              if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
              else resolve({ ms, bytes, rssBefore, rssPeak });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    // The first export before anything else of this part has grown the heap: its RSS growth is the one reported.
    const apiRuns = [await exportViaApi()];
    ctx.log(`export of ${exportRows} bookings through the API: ${Math.round(apiRuns[0]!.ms)} ms, ${apiRuns[0]!.bytes} bytes, RSS +${round((apiRuns[0]!.rssPeak - apiRuns[0]!.rssBefore) / MB, 1)} MB`);

    // The same cells the export writes, made and escaped beforehand: the baseline times exceljs alone.
    const cells: CellValue[][] = [];
    for await (const batch of operatorSheetBatches(db, exportFilter, { field: 'date', direction: 'ASC' }, operatorSheetTexts('en'))) for (const r of batch) cells.push(r.map((v) => escapeCell(v ?? null)));
    if (cells.length !== exportRows) throw new Error(`the export's rows: ${cells.length}, the list's total ${exportRows}`);
    const sink = () => {
      const out = { bytes: 0, stream: null as unknown as Writable };
      out.stream = new Writable({
        write(chunk: Buffer, _e, done) {
          out.bytes += chunk.length;
          done();
        },
      });
      return out;
    };
    const timedRun = async (write: (out: Writable) => Promise<void>) => {
      const out = sink();
      const rssBefore = rss();
      const stop = sampleRss();
      const t = now();
      await write(out.stream);
      const ms = now() - t;
      return { ms, bytes: out.bytes, rssBefore, rssPeak: stop() };
    };
    // exceljs used plainly: a row added and committed at a time.
    const exceljsAlone = () =>
      timedRun(async (stream) => {
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
        const ws = workbook.addWorksheet('Bookings');
        // The amounts' number format as a column style: exceljs gives it to each of the column's cells, as the API does.
        ws.columns = operatorSheetColumns('en').map((c) => ({ header: c.header, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
        ws.getRow(1).font = { bold: true };
        ws.getRow(1).commit();
        for (const row of cells) ws.addRow(row).commit();
        ws.commit();
        await workbook.commit();
      });
    // The API's own writer (exceljs as writeXlsx drives it) on the same cells: what the API adds is the rest.
    // (writeXlsx escapes in place; the cells are escaped already, and escaping is idempotent.)
    const writerAlone = () => timedRun((stream) => writeXlsx(stream, { title: 'Bookings', columns: operatorSheetColumns('en'), rows: cells }));
    type Run = Awaited<ReturnType<typeof exceljsAlone>>;
    const baseRuns: Run[] = [];
    const writerRuns: Run[] = [];
    const ratios: number[] = [];
    const writerRatios: number[] = [];
    const orders = [
      ['exceljs', 'writer', 'api'],
      ['api', 'exceljs', 'writer'],
      ['writer', 'api', 'exceljs'],
    ] as const;
    for (let r = 0; r < EXPORT_ROUNDS; r++) {
      const got: Partial<Record<'api' | 'exceljs' | 'writer', Run>> = {};
      for (const side of orders[r % orders.length]!) got[side] = await (side === 'api' ? exportViaApi() : side === 'exceljs' ? exceljsAlone() : writerAlone());
      const { api: a, exceljs: b, writer: w } = got as Record<'api' | 'exceljs' | 'writer', Run>;
      apiRuns.push(a);
      baseRuns.push(b);
      writerRuns.push(w);
      ratios.push(a.ms / b.ms);
      writerRatios.push(a.ms / w.ms);
      ctx.log(`export round ${r + 1}: API ${Math.round(a.ms)} ms (${a.bytes} bytes), exceljs alone ${Math.round(b.ms)} ms (${b.bytes} bytes), the API's writer alone ${Math.round(w.ms)} ms (${w.bytes} bytes)`);
    }
    // Same cells, so the same sheet: the files differ only in their creation time stamps.
    for (const other of [baseRuns.at(-1)!, writerRuns.at(-1)!]) {
      const sizeGap = Math.abs(apiRuns.at(-1)!.bytes - other.bytes) / other.bytes;
      if (sizeGap > 0.01) throw new Error(`the API's file (${apiRuns.at(-1)!.bytes} bytes) and the baseline's (${other.bytes}) differ by ${(sizeGap * 100).toFixed(1)} %`);
    }
    const timed = apiRuns.slice(1);
    const growth = (x: { rssBefore: number; rssPeak: number }) => (x.rssPeak - x.rssBefore) / MB;
    const exportDetails = {
      rows: exportRows,
      apiMs: timed.map((x) => round(x.ms, 1)),
      exceljsMs: baseRuns.map((x) => round(x.ms, 1)),
      writerMs: writerRuns.map((x) => round(x.ms, 1)),
      roundRatios: ratios.map((x) => round(x)),
      roundRatiosVsWriter: writerRatios.map((x) => round(x)),
      bytes: { api: apiRuns.at(-1)!.bytes, exceljs: baseRuns.at(-1)!.bytes, writer: writerRuns.at(-1)!.bytes },
      rssGrowthMb: { firstExport: round(growth(apiRuns[0]!), 1), laterExports: timed.map((x) => round(growth(x), 1)), exceljsAlone: baseRuns.map((x) => round(growth(x), 1)), writerAlone: writerRuns.map((x) => round(growth(x), 1)) },
      rssBeforeFirstExportMb: round(apiRuns[0]!.rssBefore / MB, 1),
    };
    const exportMethod = `POST /api/bookings/operations/xlsx (${EXPORT_DAYS} days, status normal, date ASC: ${exportRows} rows) read to the end over HTTP vs the same escaped cells, made beforehand, written to a byte-counting sink by exceljs WorkbookWriter used plainly (useStyles, no shared strings, the same columns, addRow().commit() per row) and by the API's writer (writeXlsx); ${EXPORT_ROUNDS} rounds, the order rotated, after one cold export; ratio = median of per-round ratios`;
    /** The API's export time (median of the warm ones) against a writer alone: the median of the per-round ratios. */
    const exportAgainst = (name: string, baseline: string, runs: Run[], roundRatios: number[]): BenchResult => ({
      ...compared(name, percentile(timed.map((x) => x.ms), 50), { name: baseline, value: percentile(runs.map((x) => x.ms), 50) }, 'ms', { ratio: percentile(roundRatios, 50) }),
      aim: { metric: 'ratio', op: '<=', value: EXPORT_RATIO_AIM },
      method: exportMethod,
    });
    return [
      ...listResults('api.bookings_operator_list', 'POST /api/bookings/operations (14-day window)', op, operatorVariants.map((v) => v.name)),
      ...listResults('api.bookings_agent_list', 'GET /api/agent/bookings', ag, agentVariants.map((v) => v.name)),
      { ...exportAgainst('api.bookings_xlsx_100k', "exceljs's streaming WorkbookWriter writing the same cells to a sink", baseRuns, ratios), details: exportDetails },
      // The writer itself is faster than exceljs used plainly (it shares cell styles): against it alone, the
      // ratio is what fetching, formatting and sending the rows add.
      exportAgainst('api.bookings_xlsx_100k.vs_writer_alone', "the API's writer (writeXlsx, exceljs's streaming WorkbookWriter) writing the same cells to a sink", writerRuns, writerRatios),
      {
        name: 'api.bookings_xlsx_100k.rss_growth',
        value: round(growth(apiRuns[0]!), 1),
        unit: 'MB',
        baseline: { name: 'RSS growth while exceljs alone writes the same cells', value: round(percentile(baseRuns.map(growth), 50), 1), unit: 'MB' },
        ratio: round(growth(apiRuns[0]!) / Math.max(0.1, percentile(baseRuns.map(growth), 50))),
        aim: { metric: 'value', op: '<', value: RSS_AIM_MB },
        method: 'peak RSS of the process (sampled every 5 ms) less RSS before, during the first (cold) export; the API runs in this process, whose client side only counts the bytes',
      },
    ];
  });
}

registerBenchmark({ name: 'bookings-lists', description: 'booking lists over 1,000,000 bookings vs the same SQL; bookings.xlsx of 100,000 vs exceljs alone', run });
