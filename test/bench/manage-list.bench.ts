/**
 * (e) The tours list at scale: one supplier with 10,000 tours and 50,000 offers (and a second
 * supplier with 2,000 tours and 10,000 offers beside them), then GET /api/tours/manageList over
 * HTTP through the in-process API: the default sort on a few pages (first, second, middle, last),
 * a descending sort, and the filters (languages, offers, top, showDeleted). Baseline: the very
 * SQL that request runs (listTours' page and count queries in parallel, then the one query for
 * the offers of the page's tours), built by the same read-model functions and sent straight to
 * Postgres over a pool of its own, sample for sample interleaved with the HTTP requests.
 *
 * Filling: one tour, one offer and its valid period are saved through the API, so the
 * projections write them; those rows are then cloned in SQL (generate_series) with new ids,
 * names, languages, flags and prices, so every row is shaped exactly like a projected one.
 * Appending events for 60,000 aggregates would take minutes on this machine.
 */
import type { Pool } from 'pg';
import { offersOfToursQuery, tourListQueries, waitForProjection, type TourListFilter, type TourListSort } from '@tbo/read-models';
import { timeInterleaved } from './interleaved';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { ok } from './keep-alive-client';
import { withBenchApi } from './bench-api';
import { now, round } from './support';

const SUPPLIER = 1;
const OTHER_SUPPLIER = 2;
const TOURS = 10_000;
const OFFERS = 50_000;
const OTHER_TOURS = 2_000;
const OTHER_OFFERS = 10_000;
const LANGUAGES = 12;
const PAGE_SIZE = 20;
const SAMPLES = 200;
const WARM_UP = 30;
const P95_AIM_MS = 50;

/** One request of the mix: its query string and the same thing as read-model arguments. */
interface Variant {
  name: string;
  query: string;
  filter: TourListFilter;
  sort: TourListSort;
  page: number;
}

/** Clones the projected template rows into `tours` and `offers` (the live generation, through its views). */
async function fill(pool: Pool, template: { tourId: number; offerId: number }, languageIds: number[]): Promise<void> {
  const words = ['Desert', 'Dhow', 'Marina', 'Safari', 'Burj', 'Creek', 'Souk', 'Abu Dhabi', 'Hatta', 'Balloon', 'Yacht', 'Museum', 'Frame', 'Garden', 'Dune', 'Camel'];
  const tours = (supplierId: number, firstId: number, count: number) =>
    pool.query(
      `INSERT INTO tours (id, supplier_id, name_internal, name_display, language_id, is_top_tour, is_deleted, data, version)
       SELECT $1::int + g, $2::int, n.internal, n.display, n.lang, g % 10 = 0, g % 33 = 0,
              t.data || jsonb_build_object('nameInternal', n.internal, 'nameDisplay', n.display, 'url', 'tour-' || g, 'languageId', n.lang, 'isTopTour', g % 10 = 0),
              t.version
       FROM generate_series(1, $3::int) g
       CROSS JOIN (SELECT data, version FROM tours WHERE id = $4) t
       CROSS JOIN LATERAL (
         SELECT upper(substr(md5('t' || g), 1, 3)) || '-' || ($5::text[])[1 + g % 16] || ' ' || g AS internal,
                ($5::text[])[1 + (g / 16) % 16] || ' tour ' || g AS display,
                ($6::int[])[1 + g % cardinality($6::int[])] AS lang
       ) n`,
      [firstId, supplierId, count, template.tourId, words, languageIds],
    );
  // Offers spread over the supplier's tours (5 each on average, 7919 being prime to the tour counts); half have a priced period.
  const offers = (supplierId: number, firstId: number, count: number, firstTourId: number, tourCount: number) =>
    pool.query(
      `INSERT INTO offers (id, supplier_id, tour_id, name_internal, name_display, booking_type, is_deleted, valid_periods, priced_until, version)
       SELECT $1::int + g, $2::int, $4::int + 1 + (g * 7919) % $5::int,
              upper(substr(md5('o' || g), 1, 4)) || '-' || g, 'Ticket ' || g, (g % 3)::smallint, g % 20 = 0,
              CASE WHEN g % 2 = 0 THEN o.valid_periods ELSE '[]'::json END, CASE WHEN g % 2 = 0 THEN o.priced_until END,
              o.version
       FROM generate_series(1, $3::int) g
       CROSS JOIN (SELECT * FROM offers WHERE id = $6) o`,
      [firstId, supplierId, count, firstTourId, tourCount, template.offerId],
    );
  await tours(SUPPLIER, 1_000_000, TOURS);
  await offers(SUPPLIER, 2_000_000, OFFERS, 1_000_000, TOURS);
  await tours(OTHER_SUPPLIER, 3_000_000, OTHER_TOURS);
  await offers(OTHER_SUPPLIER, 4_000_000, OTHER_OFFERS, 3_000_000, OTHER_TOURS);
  // Only the clones stay: the supplier has exactly TOURS tours and OFFERS offers.
  await pool.query('DELETE FROM offers WHERE id = $1', [template.offerId]);
  await pool.query('DELETE FROM tours WHERE id = $1', [template.tourId]);
  // As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans need.
  await pool.query('VACUUM ANALYZE');
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  return withBenchApi(ctx.databaseUrl, 'list', async (api, pool) => {
    const { client, db, store } = api;
    // Reference data is a superadmin's (platform) power; the tours are the supplier admin's.
    const root = await api.auth(['superadmin'], { email: 'bench.platform@example.com', fullName: 'Bench', supplierId: null });
    const auth = await api.auth(['admin'], { email: 'bench@example.com', fullName: 'Bench', supplierId: SUPPLIER });

    // Reference data and one projected tour, offer and valid period to clone.
    const t0 = now();
    const languageIds: number[] = [];
    let position = '';
    for (let i = 0; i < LANGUAGES; i++) {
      const code = `b${'abcdefghijklmnopqrstuvwxyz'[i]}`;
      const saved = await api.post<{ id: number; position: string }>('/api/languages', root, { name: `Bench language ${code}`, code, isOffers: true });
      languageIds.push(saved.id);
      position = saved.position;
    }
    await waitForProjection(db, store, 'languages', position, 30_000);
    const category = await api.post<{ id: number; position: string }>('/api/toursCategories', root, { id: 0, name: 'Desert safaris' });
    await waitForProjection(db, store, 'reference_data', category.position, 30_000);
    const tour = await api.post<{ id: number; position: string }>('/api/tours', auth, {
      id: 0,
      nameInternal: 'TEMPLATE',
      nameDisplay: 'Evening desert safari with dinner',
      languageId: languageIds[0],
      toursCategories: [category.id],
      recommendedFor: [0, 1],
      salesDescription: '<p>Dune bashing, camel ride, henna and a barbecue dinner under the stars.</p>'.repeat(4),
      externalLinks: [{ title: 'Map', url: 'https://maps.example.test/safari' }],
      itineraries: [{ name: 'Evening', stops: [{ name: 'Pickup', time: 900, timeEnd: 930 }, { name: 'Camp', time: 1080, timeEnd: 1260 }] }],
      faqs: [{ question: 'Is pickup included?', answer: '<p>Yes, from Dubai hotels.</p>' }],
      cancellationPolicy: [{ hours: 24, percents: 50 }],
      seoPageTitle: 'Evening desert safari with dinner in Dubai',
    });
    await waitForProjection(db, store, 'tours', tour.position, 30_000);
    const offer = await api.post<{ id: number }>('/api/offers', auth, { id: 0, tourId: tour.id, nameInternal: 'TEMPLATE-STD', nameDisplay: 'Standard', maxNumOfPeople: 10, numberOfHours: 6 });
    const period = await api.post<{ position: string }>('/api/validperiods', auth, {
      id: 0,
      offerId: offer.id,
      periodStart: '2026-12-01T08:00:00.000Z',
      periodEnd: '2027-01-01T08:00:00.000Z',
      pricePerAdultRecAedVat: 365,
      pricePerAdultRecAed: 347.619,
      pricePerAdultRecUsdVat: 100,
      pricePerAdultRecUsd: 95.2381,
    });
    await waitForProjection(db, store, 'offers', period.position, 30_000);
    await fill(pool, { tourId: tour.id, offerId: offer.id }, languageIds);
    const counts = await db.raw<{ rows: { tours: number; offers: number }[] }>(
      'SELECT (SELECT count(*)::int FROM tours WHERE supplier_id = ?) AS tours, (SELECT count(*)::int FROM offers WHERE supplier_id = ?) AS offers',
      [SUPPLIER, SUPPLIER],
    );
    const filled = counts.rows[0]!;
    if (filled.tours !== TOURS || filled.offers !== OFFERS) throw new Error(`filled ${JSON.stringify(filled)}, expected ${TOURS} tours and ${OFFERS} offers`);
    ctx.log(`filled ${TOURS} tours and ${OFFERS} offers for supplier ${SUPPLIER} (+${OTHER_TOURS}/${OTHER_OFFERS} for another) in ${round((now() - t0) / 1000, 1)} s`);

    const visibleTours = Number((await db('tours').where({ supplier_id: SUPPLIER, is_deleted: false }).count<{ count: string }[]>('* as count'))[0]!.count);
    const lastPage = Math.ceil(visibleTours / PAGE_SIZE);
    const someOffers = (await db('offers').select('id').where({ supplier_id: SUPPLIER, is_deleted: false }).orderBy('id').offset(1234).limit(5)).map((r: { id: number }) => r.id);
    const asc: TourListSort = { field: 'nameInternal', direction: 'ASC' };
    const base = { supplierId: SUPPLIER };
    const variants: Variant[] = [
      { name: 'page 1', query: '', filter: base, sort: asc, page: 1 },
      { name: 'page 2', query: 'page=2', filter: base, sort: asc, page: 2 },
      { name: 'middle page', query: `page=${Math.floor(lastPage / 2)}`, filter: base, sort: asc, page: Math.floor(lastPage / 2) },
      { name: 'last page', query: `page=${lastPage}`, filter: base, sort: asc, page: lastPage },
      { name: 'DESC page 3', query: 'sortField=nameInternal&sortType=DESC&page=3', filter: base, sort: { field: 'nameInternal', direction: 'DESC' }, page: 3 },
      { name: 'two languages', query: `languageIds=${languageIds[1]},${languageIds[2]}&page=2`, filter: { ...base, languageIds: [languageIds[1]!, languageIds[2]!] }, sort: asc, page: 2 },
      { name: 'offerIds', query: `offerIds=${someOffers.join(',')}`, filter: { ...base, offerIds: someOffers }, sort: asc, page: 1 },
      { name: 'top', query: 'top=true&page=5', filter: { ...base, top: true }, sort: asc, page: 5 },
      { name: 'showDeleted', query: 'showDeleted=true&page=10', filter: { ...base, showDeleted: true }, sort: asc, page: 10 },
    ];

    const viaHttp = async (v: Variant) => {
      const t = now();
      const res = await client.send('GET', `/api/tours/manageList${v.query ? `?${v.query}` : ''}`, auth);
      const ms = now() - t;
      const content = ok<{ entities: { id: number; offers: unknown[] }[]; pagingInfo: { totalItems: number } }>(res, `manageList ${v.name}`);
      return { ms, content };
    };
    /** The same statements the request runs, straight to Postgres: page and count in parallel, then the page's offers. */
    const viaSql = async (v: Variant) => {
      const q = tourListQueries(db, v.filter, v.sort, { offset: (v.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
      const rowsSql = q.rows.toSQL().toNative();
      const countSql = q.count.toSQL().toNative();
      const t = now();
      const [rows, count] = await Promise.all([pool.query<{ id: number }>(rowsSql.sql, rowsSql.bindings as unknown[]), pool.query<{ count: string }>(countSql.sql, countSql.bindings as unknown[])]);
      const ids = rows.rows.map((r) => r.id);
      let offers = 0;
      if (ids.length) {
        const offersSql = offersOfToursQuery(db, SUPPLIER, ids, !!v.filter.showDeleted).toSQL().toNative();
        offers = (await pool.query(offersSql.sql, offersSql.bindings as unknown[])).rowCount ?? 0;
      }
      return { ms: now() - t, ids, total: Number(count.rows[0]!.count), offers };
    };

    // The two agree (same rows, same total, same offers) before anything is timed.
    for (const v of variants) {
      const h = await viaHttp(v);
      const s = await viaSql(v);
      const httpIds = h.content.entities.map((e) => e.id);
      const httpOffers = h.content.entities.reduce((n, e) => n + e.offers.length, 0);
      if (JSON.stringify(httpIds) !== JSON.stringify(s.ids) || h.content.pagingInfo.totalItems !== s.total || httpOffers !== s.offers) {
        throw new Error(`${v.name}: HTTP and SQL disagree (${httpIds.length}/${h.content.pagingInfo.totalItems}/${httpOffers} vs ${s.ids.length}/${s.total}/${s.offers})`);
      }
      ctx.log(`${v.name}: ${s.ids.length} rows of ${s.total}, ${s.offers} offers`);
    }
    if (ctx.flags.has('profile')) {
      for (const v of variants.slice(0, 1).concat(variants.slice(5, 7))) {
        const q = tourListQueries(db, v.filter, v.sort, { offset: (v.page - 1) * PAGE_SIZE, limit: PAGE_SIZE }).rows.toSQL().toNative();
        const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.bindings as unknown[]);
        ctx.log(`${v.name} plan:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }

    ctx.log(`${WARM_UP} warm-up rounds, then ${SAMPLES} samples over ${variants.length} variants, HTTP and direct SQL interleaved`);
    const { http: h, sql: s, perCase: variantsDetail } = await timeInterleaved(variants, { samples: SAMPLES, warmUp: WARM_UP }, viaSql, viaHttp);
    ctx.log(`manageList over HTTP p50 ${h.p50} ms p95 ${h.p95} ms; the same SQL directly p50 ${s.p50} ms p95 ${s.p95} ms`);
    const details = { tours: TOURS, offers: OFFERS, otherSupplier: { tours: OTHER_TOURS, offers: OTHER_OFFERS }, pageSize: PAGE_SIZE, samples: SAMPLES, httpMs: h, sqlMs: s, variants: variantsDetail };
    const baseline = (p: 'p50' | 'p95') => ({ name: `the same SQL (page + count, then offers) directly on Postgres, ${p}`, value: s[p], unit: 'ms' });
    const method = `in-process API on 127.0.0.1, keep-alive HTTP, ${SAMPLES} sequential GET /api/tours/manageList over ${variants.length} variants (pages 1, 2, middle, last; DESC; languages, offerIds, top, showDeleted filters) after ${WARM_UP} warm-up, ${TOURS} tours and ${OFFERS} offers for the supplier; baseline: the same statements via pg directly (2 connections), interleaved; ratio = value / baseline`;
    return [
      { name: 'api.tours_manage_list.p50', value: h.p50, unit: 'ms', baseline: baseline('p50'), ratio: round(h.p50 / s.p50), aim: null, method, details },
      { name: 'api.tours_manage_list.p95', value: h.p95, unit: 'ms', baseline: baseline('p95'), ratio: round(h.p95 / s.p95), aim: { metric: 'value', op: '<', value: P95_AIM_MS } },
    ];
  });
}

registerBenchmark({ name: 'manage-list', description: 'GET /api/tours/manageList over 10,000 tours and 50,000 offers, vs the same SQL directly', run });
