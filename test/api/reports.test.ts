import { randomBytes } from 'node:crypto';
import { metadataOf, systemContext } from '@tbo/kernel';
import { ASOF_FAILED_MESSAGE, ASOF_MAX_PENDING, REPORT_KINDS, allProjections, replayProjection, reportsProjection, dropReplayTables, requestAsOfBuild, runAsOfBuild, tenantOf, type AsOfBuild, type EventFeed, type ReportAnswer } from '@tbo/read-models';
import { dubaiToday } from '@tbo/scheduling';
import type { BookingCreatedData } from '@tbo/event-schemas';
import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { seedBooking, sheetRows, type SeededBooking } from '../support/booking-events';
import { registerTenants } from '../support/identity';
import { reportsQueuePrefix, startReportsWorker } from '../support/reports';

const prefix = reportsQueuePrefix();
const round2 = (x: number) => Math.round(x * 100) / 100;
const sum = (bs: BookingCreatedData[], f: (b: BookingCreatedData) => number) => round2(bs.reduce((a, b) => a + f(b), 0));

describe('reports: GET /api/reports/:kind, its xlsx, and as of a moment (POST /api/reports/asof)', () => {
  const api = apiSuite({ QUEUE_PREFIX: prefix });
  let worker: { stop(): Promise<void> };
  let supplierId: number;
  let agencyA: number;
  let agencyB: number;
  let accounts: Record<string, string>;
  const seeded: SeededBooking[] = [];
  let cancelled: SeededBooking;
  let declined: SeededBooking;
  let lastPosition = '';

  const totals = (usd: number, commission: number) => ({ totalUsd: usd, totalAed: round2(usd * 3.67), netUsd: usd - commission, netAed: round2((usd - commission) * 3.67), grossSales: usd, agencyReceivable: commission });
  const report = async (kind: string, query = ''): Promise<ReportAnswer> => {
    const res = await api.http.get(`/api/reports/${kind}?${query}`).set(accounts);
    expect(res.status).toBe(200);
    return res.body.Content as ReportAnswer;
  };
  const allReports = async (query = '') => Object.fromEntries(await Promise.all(REPORT_KINDS.map(async (k) => [k, await report(k, query)] as const)));
  const settle = async () => expect(await api.settled('reports', lastPosition, 15_000)).toBe(true);
  const asOf = async (at: Date | string): Promise<AsOfBuild> => {
    const res = await api.http.post('/api/reports/asof').set(accounts).send({ at: typeof at === 'string' ? at : at.toISOString() });
    expect(res.status).toBe(200);
    let build = res.body.Content as AsOfBuild;
    for (const until = Date.now() + 30_000; build.status !== 'done'; ) {
      expect(build.status).not.toBe('failed');
      if (Date.now() > until) throw new Error(`as-of build ${build.id} did not finish`);
      await new Promise((r) => setTimeout(r, 100));
      build = (await api.http.get(`/api/reports/asof/${build.id}`).set(accounts)).body.Content as AsOfBuild;
    }
    return build;
  };
  /**
   * A build of an exact moment, asked and run here: the API takes a moment to the minute, and the moments below lie
   * between events a few milliseconds apart.
   */
  const asOfExact = async (at: Date): Promise<AsOfBuild> => {
    const { build, created } = await requestAsOfBuild(api.db, 'reports', supplierId, at);
    return created ? runAsOfBuild(api.db, api.store, allProjections, build.id) : build;
  };

  beforeAll(async () => {
    worker = await startReportsWorker({ db: api.db, store: api.store, prefix });
    ({ supplierId, agencyId: agencyA } = await registerTenants(api.app));
    agencyB = (await registerTenants(api.app)).agencyId;
    accounts = bearer(await tokenFor(['accounts'], { supplierId }));
    const tag = randomBytes(2).toString('hex');
    const base = { supplierId, timeSlotName: `Morning ${tag}`, startTime: 540 };
    const plan: Partial<BookingCreatedData>[] = [
      { tourId: 901, tourName: `Desert ${tag}`, offerId: 9011, offerName: 'Standard', agencyId: agencyA, agentId: 71, date: '2030-03-01', adults: 2, children: 1, totals: totals(250, 50) },
      { tourId: 901, tourName: `Desert ${tag}`, offerId: 9012, offerName: 'VIP', agencyId: agencyA, agentId: 72, date: '2030-03-01', adults: 1, children: 0, totals: totals(180.55, 36.11) },
      { tourId: 902, tourName: `Dhow ${tag}`, offerId: 9021, offerName: 'Dinner', agencyId: agencyB, agentId: 73, date: '2030-03-02', adults: 3, children: 2, totals: totals(410.4, 61.56) },
      { tourId: 902, tourName: `Dhow ${tag}`, offerId: 9021, offerName: 'Dinner', agencyId: null, agentId: null, staffAgentId: 74, date: '2030-04-05', adults: 2, children: 0, totals: totals(120, 0) },
    ];
    for (const over of plan) seeded.push(await seedBooking(api.app, { ...base, ...over }));
    cancelled = await seedBooking(api.app, { ...base, ...plan[0], totals: totals(99.99, 20) }, [{ type: 'BookingCancelled', data: { refundUsd: 79.99, refundAed: 293.56, penaltyUsd: 20, penaltyAed: 73.4 } }]);
    declined = await seedBooking(api.app, { ...base, ...plan[2] }, [{ type: 'BookingDeclined' }]);
    lastPosition = declined.position;
    await settle();
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
  });

  it('answers figures equal to the sums of the bookings made, by each grouping, with its filters and totals', async () => {
    const live = seeded.map((s) => s.data);
    const byTour = await report('sales-by-tour');
    expect(byTour.lines.map((l) => [l.tourName, l.offerName, l.bookings, l.adults, l.children, l.totalUsd, l.totalAed, l.commission])).toEqual(
      [
        [live[0]!, [live[0]!]],
        [live[1]!, [live[1]!]],
        [live[2]!, [live[2]!, live[3]!]],
      ].map(([b, bs]) => {
        const g = bs as BookingCreatedData[];
        const one = b as BookingCreatedData;
        return [one.tourName, one.offerName, g.length, sum(g, (x) => x.adults), sum(g, (x) => x.children), sum(g, (x) => x.totals.totalUsd), sum(g, (x) => x.totals.totalAed), sum(g, (x) => x.totals.agencyReceivable)];
      }),
    );
    expect(byTour.totals).toMatchObject({ bookings: 4, totalUsd: sum(live, (b) => b.totals.totalUsd), totalAed: sum(live, (b) => b.totals.totalAed), netUsd: sum(live, (b) => b.totals.netUsd), netAed: sum(live, (b) => b.totals.netAed) });

    const byAgency = await report('commissions-by-agency');
    const ofAgency = (id: number) => live.filter((b) => b.agencyId === id);
    expect(byAgency.lines.map((l) => [l.agencyId, l.bookings, l.commission, l.grossSales]).sort()).toEqual(
      [agencyA, agencyB].map((id) => [id, ofAgency(id).length, sum(ofAgency(id), (b) => b.totals.agencyReceivable), sum(ofAgency(id), (b) => b.totals.grossSales)]).sort(),
    );
    expect(byAgency.lines.every((l) => l.agencyName?.startsWith('Agency '))).toBe(true);

    const byMonth = await report('sales-by-month');
    expect(byMonth.lines.map((l) => [l.month, l.bookings, l.totalUsd])).toEqual([
      ['2030-03', 3, sum(live.slice(0, 3), (b) => b.totals.totalUsd)],
      ['2030-04', 1, live[3]!.totals.totalUsd],
    ]);
    const filtered = await report('sales-by-day', `from=2030-03-02&to=2030-12-31&tourId=902`);
    expect(filtered.lines.map((l) => [l.day, l.totalUsd])).toEqual([
      ['2030-03-02', live[2]!.totals.totalUsd],
      ['2030-04-05', live[3]!.totals.totalUsd],
    ]);
    expect((await report('sales-by-agent', `agencyId=${agencyA}`)).lines.map((l) => [l.agentId, l.totalUsd])).toEqual(expect.arrayContaining([[71, 250], [72, 180.55]]));
    // Booked today (Dubai): the booking-date window of today holds them all, yesterday's none.
    expect((await report('sales-by-day', `dateBasis=booking&from=${dubaiToday()}&to=${dubaiToday()}`)).totals.bookings).toBe(4);
    const pax = await report('pax-by-date-slot');
    expect(pax.lines.map((l) => [l.day, l.adults, l.children])).toEqual([
      ['2030-03-01', 3, 1],
      ['2030-03-02', 3, 2],
      ['2030-04-05', 2, 0],
    ]);
    const cancellations = await report('cancellations');
    expect(cancellations.totals).toMatchObject({ bookings: 2, cancelled: 1, declined: 1, refundUsd: 79.99, refundAed: 293.56, penaltyUsd: 20, penaltyAed: 73.4 });

    const xlsx = await api.http.get('/api/reports/sales-by-tour/xlsx').set(accounts).buffer(true).parse(binary);
    expect(xlsx.status).toBe(200);
    const rows = await sheetRows(xlsx.body as Buffer);
    expect(rows[0]).toEqual(['Tour', 'Ticket', 'Bookings', 'Adults', 'Children', 'Total USD', 'Total AED', 'Net USD', 'Net AED', 'Commission USD']);
    expect([rows.at(-1)![0], rows.at(-1)![2]]).toEqual(['Total', 4]);
    expect(rows.at(-1)![5]).toBe(sum(live, (b) => b.totals.totalUsd));
    // From a Russian screen: the report page's Russian words, the same figures.
    const ru = await sheetRows((await api.http.get('/api/reports/cancellations/xlsx').set(accounts).set('Accept-Language', 'ru').buffer(true).parse(binary)).body as Buffer);
    expect(ru[0]).toEqual(['Тур', 'Билет', 'Отменено', 'Отклонено', 'Сумма USD', 'Возврат USD', 'Возврат AED', 'Штраф USD', 'Штраф AED']);
    expect(ru.at(-1)).toEqual(['Итого', undefined, 1, 1, cancellations.totals.totalUsd, 79.99, 293.56, 20, 73.4]);

    // Another supplier's staff see none of it; an operator may not read reports.
    const other = bearer(await tokenFor(['accounts'], { supplierId: (await registerTenants(api.app)).supplierId }));
    expect((await api.http.get('/api/reports/sales-by-tour').set(other)).body.Content.totals.bookings).toBe(0);
    expectErrorEnvelope(await api.http.get('/api/reports/sales-by-tour').set(bearer(await tokenFor(['operations'], { supplierId }))), 403);
    expectErrorEnvelope(await api.http.get('/api/reports/sales-by-everything').set(accounts), 400);
    // A window that runs backwards is refused, not answered as an empty report.
    const backwards = await api.http.get('/api/reports/cancellations?from=2026-12-01&to=2026-11-01').set(accounts);
    expectErrorEnvelope(backwards, 400);
    expect(backwards.body.ErrorMessage).toContain('from must not be after to');
  });

  it('keeps the figures of a moment after later amendments and cancellations; as of now equals live; replay is deterministic', async () => {
    const before = await allReports();
    await new Promise((r) => setTimeout(r, 20));
    const moment = new Date();
    await new Promise((r) => setTimeout(r, 20));
    // After the moment: the first booking is rescheduled with more guests and a new total, the second cancelled.
    const b0 = seeded[0]!.data;
    const { timeSlotId, timeSlotName, startTime, endTime, startsAt, infants, foc, departure, claimId, prices } = b0;
    const rescheduled = {
      ...{ id: b0.id, supplierId, timeSlotId, timeSlotName, startTime, endTime, startsAt, infants, foc, departure, claimId, prices },
      date: '2030-03-03', adults: 4, children: 1, seats: 5, totals: totals(500, 100),
      pickUpTimeStart: null, pickUpTimeEnd: null, responseDueAt: null, status: 0, previousClaimId: claimId, previousDeparture: departure, differenceUsd: 250, differenceAed: 917.5,
    };
    await api.store.appendToStream(`booking-${b0.id}`, [{ type: 'BookingRescheduled', data: rescheduled }], { expectedRevision: 0, metadata: metadataOf(systemContext('test')) });
    const b1 = seeded[1]!.data;
    const cancel = { id: b1.id, supplierId, claimId: b1.claimId, departure: b1.departure, reason: 'Guest ill', hoursBeforeStart: 48, penaltyPercent: 0, refundUsd: 180.55, refundAed: 662.62, penaltyUsd: 0, penaltyAed: 0 };
    lastPosition = (await api.store.appendToStream(`booking-${b1.id}`, [{ type: 'BookingCancelled', data: cancel }], { expectedRevision: 0, metadata: metadataOf(systemContext('test')) })).position;
    await settle();

    const after = await allReports();
    expect(after['sales-by-tour']!.totals.totalUsd).not.toBe(before['sales-by-tour']!.totals.totalUsd);
    const then = await asOfExact(moment);
    expect(await allReports(`asOf=${then.id}`)).toEqual(before);
    // Asked again, the same moment answers the same build and figures.
    const again = await asOfExact(moment);
    expect(again.id).toBe(then.id);
    expect((await report('sales-by-agency', `asOf=${again.id}`)).lines).toEqual(before['sales-by-agency']!.lines);

    const now = await asOfExact(new Date());
    expect(now.id).not.toBe(then.id);
    expect(await allReports(`asOf=${now.id}`)).toEqual(after);

    // Two replays of the same moment write the same rows.
    const rowsOf = async (suffix: string) => {
      await replayProjection(api.db, api.store, reportsProjection, { until: moment, suffix, filter: (e) => tenantOf(e).supplierId === supplierId });
      const rows = await api.db(`report_bookings_${suffix}`).orderBy('id');
      await dropReplayTables(api.db, reportsProjection, suffix);
      return rows;
    };
    const tag = randomBytes(3).toString('hex');
    const first = await rowsOf(`t${tag}x`);
    expect(first.map((r: { id: number }) => r.id)).toEqual([...seeded, cancelled, declined].map((s) => s.id).sort((a, b) => a - b));
    expect(await rowsOf(`t${tag}y`)).toEqual(first);
  });

  it('keeps a build queued while its job has an attempt left; only the last failure marks it failed, with a message for people', async () => {
    const { build } = await requestAsOfBuild(api.db, 'reports', supplierId, new Date(Date.now() - 7_777_000));
    const broken: EventFeed = {
      readAll: () => Promise.reject(new Error('terminating connection due to administrator command')),
      onAppended: (listener) => api.store.onAppended(listener),
      comparePositions: (a, b) => api.store.comparePositions(a, b),
      headPosition: () => api.store.headPosition(),
    };
    const statusOf = async () => (await api.http.get(`/api/reports/asof/${build.id}`).set(accounts)).body.Content as AsOfBuild;
    await expect(runAsOfBuild(api.db, broken, allProjections, build.id, undefined, { lastAttempt: false })).rejects.toThrow('administrator command');
    expect(await statusOf()).toMatchObject({ status: 'queued', error: null });
    await expect(runAsOfBuild(api.db, broken, allProjections, build.id, undefined, { lastAttempt: true })).rejects.toThrow('administrator command');
    expect(await statusOf()).toMatchObject({ status: 'failed', error: ASOF_FAILED_MESSAGE });
  });

  it('takes the moment to the minute, rounded down: every second of a minute answers one build, made by the worker', async () => {
    const minute = new Date(Math.floor((Date.now() - 2 * 3600_000) / 60_000) * 60_000);
    const first = await asOf(new Date(minute.getTime() + 5_250));
    expect(first.until).toBe(minute.toISOString());
    const second = await asOf(new Date(minute.getTime() + 59_999));
    expect(second.id).toBe(first.id);
    expect((await asOf(minute.toISOString().replace('.000Z', 'Z'))).id).toBe(first.id);
    const next = await asOf(new Date(minute.getTime() + 60_000));
    expect(next.id).not.toBe(first.id);
    expect(next.until).toBe(new Date(minute.getTime() + 60_000).toISOString());
  });

  it(`refuses a new build with 429 while the supplier has ${ASOF_MAX_PENDING} queued or running; a moment asked already answers its build`, async () => {
    const busy = (await registerTenants(api.app)).supplierId;
    const h = bearer(await tokenFor(['accounts'], { supplierId: busy }));
    const minute = (n: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - n * 3600_000);
    // Queued and never given to the worker: they stay queued.
    const pending: number[] = [];
    for (let n = 1; n <= ASOF_MAX_PENDING; n++) pending.push((await requestAsOfBuild(api.db, 'reports', busy, minute(n))).build.id);
    const ask = (at: Date) => api.http.post('/api/reports/asof').set(h).send({ at: at.toISOString() });
    try {
      const refused = await ask(minute(10));
      expectErrorEnvelope(refused, 429);
      expect(refused.body.ErrorMessage).toBe(`${ASOF_MAX_PENDING} reports as of a moment are being built already: try again once one of them is ready`);
      expect(await api.db('report_asof_builds').where({ supplier_id: busy }).pluck('id')).toHaveLength(ASOF_MAX_PENDING);
      // A moment asked already is no new build.
      const known = await ask(new Date(minute(2).getTime() + 30_000));
      expect(known.status).toBe(200);
      expect(known.body.Content.id).toBe(pending[1]);
      // Another supplier is not held up by this one's builds.
      expect((await asOf(minute(10))).status).toBe('done');
      // Once one is over, a new one is taken.
      await api.db('report_asof_builds').where({ id: pending[0] }).update({ status: 'failed' });
      const taken = await ask(minute(10));
      expect(taken.status).toBe(200);
      expect(taken.body.Content).toMatchObject({ supplierId: busy, until: minute(10).toISOString() });
    } finally {
      // The builds no job will run.
      await api.db('report_asof_builds').whereIn('id', pending).update({ status: 'failed' });
    }
  });

  it('queues a build again when it is asked for again and its job is gone (Redis was away when it was first asked)', async () => {
    const minute = new Date(Math.floor((Date.now() - 5 * 3600_000) / 60_000) * 60_000);
    // Recorded, but its job never queued: nothing would ever run it.
    const { build, created } = await requestAsOfBuild(api.db, 'reports', supplierId, minute);
    expect(created).toBe(true);
    expect(build.status).toBe('queued');
    // Asked again (the page reloaded, another accountant): the same build, now made by the worker.
    const made = await asOf(minute);
    expect(made).toMatchObject({ id: build.id, status: 'done' });
  });

  it('refuses another supplier\'s build and a moment in the future', async () => {
    const build = await asOf(new Date(Date.now() - 3600_000));
    const other = bearer(await tokenFor(['admin'], { supplierId: (await registerTenants(api.app)).supplierId }));
    expectErrorEnvelope(await api.http.get(`/api/reports/asof/${build.id}`).set(other), 404);
    expectErrorEnvelope(await api.http.get(`/api/reports/sales-by-tour?asOf=${build.id}`).set(other), 404);
    expectErrorEnvelope(await api.http.post('/api/reports/asof').set(accounts).send({ at: new Date(Date.now() + 86_400_000).toISOString() }), 400);
  });
});
