import type { Knex } from 'knex';
import { z } from 'zod';
import { EventSchemaRegistry, validPeriodEventSchemas } from '@tbo/event-schemas';
import { ProjectionHost, projectionStatus, skipParked, waitForProjection, type ParkedEventView, type Projection, type ProjectionStatus } from '@tbo/read-models';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';
import { openKnex, openStore, parkedRows, projectionsCli, RecordingLogger, testMetadata, uniqueTag, waitForCheckpoint } from './projection-test-kit';

/**
 * Projections are shared by every supplier: one supplier's event that a projection cannot apply
 * must leave every other supplier's reads current. The event is parked, the rest of its item's
 * stream waits behind it, the status and /health say so, and only a platform admin (superadmin)
 * may retry or skip it.
 */

const tag = uniqueTag();

describe('a projection shared by two suppliers: a test projection that refuses one stream', () => {
  const TYPE = `IsolationProbeNamed${tag}`;
  const registry = new EventSchemaRegistry().register({
    type: TYPE,
    version: 1,
    schema: z.object({ supplierId: z.number().int(), item: z.string(), name: z.string() }),
    example: { supplierId: 1, item: 'a', name: 'x' },
  });
  const broken = new Set<string>();
  const items: Projection = {
    name: `iso_items_${tag}`,
    version: 1,
    handles: [TYPE],
    tables: {
      [`iso_items_${tag}`]: (t) => {
        t.text('item').primary();
        t.integer('supplier_id').notNullable();
        t.text('name').notNullable();
      },
    },
    async apply({ trx, table }, e) {
      const { supplierId, item, name } = e.data as { supplierId: number; item: string; name: string };
      if (broken.has(e.streamId) && name.includes('bad')) throw new RangeError(`the item ${item} cannot be named '${name}'`);
      await trx(table(`iso_items_${tag}`)).insert({ item, supplier_id: supplierId, name }).onConflict('item').merge(['name']);
    },
  };
  const storeHandle = openStore(registry, { max: 4, applicationName: `iso-store-${tag}` });
  const db: Knex = openKnex(`iso-runner-${tag}`, 4);
  const host = new ProjectionHost(db, storeHandle.store, [items], new RecordingLogger(), { batchSize: 20, pollMs: 100 });
  const revisions = new Map<string, number>();
  const A = 810;
  const B = 820;

  const save = async (supplierId: number, item: string, name: string) => {
    const stream = `isoitem${tag}-${item}`;
    const res = await storeHandle.store.appendToStream(stream, [{ type: TYPE, data: { supplierId, item, name } }], {
      expectedRevision: revisions.get(stream) ?? 'no_stream',
      metadata: { ...testMetadata(), tenantId: `supplier-${supplierId}` },
    });
    revisions.set(stream, res.nextExpectedRevision);
    return res.position;
  };
  const names = async () =>
    Object.fromEntries((await db(`iso_items_${tag}`).select('item', 'name').orderBy('item')).map((r: { item: string; name: string }) => [r.item, r.name]));

  afterAll(async () => {
    await host.stop();
    await db.destroy();
    await storeHandle.close();
  });

  it("keeps supplier B's reads current while supplier A's bad event is parked, and A's item waits behind it", async () => {
    broken.add(`isoitem${tag}-a1`);
    await host.start();
    await save(A, 'a1', 'A one');
    await save(A, 'a2', 'A two');
    await save(B, 'b1', 'B one');
    const bad = await save(A, 'a1', 'A one bad');
    // After A's bad event: B's save, A's other item, and A's next change of the broken item.
    await save(B, 'b1', 'B one, changed after A broke');
    await save(A, 'a2', 'A two, changed');
    const last = await save(A, 'a1', 'A one, fixed by hand');

    expect(await waitForProjection(db, storeHandle.store, items.name, last, 10_000)).toBe(true);
    expect(await names()).toEqual({ a1: 'A one', a2: 'A two, changed', b1: 'B one, changed after A broke' });

    const [status] = await projectionStatus(db, storeHandle.store, [items]);
    expect(status).toMatchObject({ state: 'running', caughtUp: true, parked: { count: 2, streams: 1, oldest: { position: bad, streamId: `isoitem${tag}-a1`, supplierId: A, reason: 'failed' } } });
    expect((await parkedRows(db, items.name)).map((r) => [r.supplier_id, r.reason])).toEqual([
      [A, 'failed'],
      [A, 'held'],
    ]);

    // Skipped: the change held behind it is applied.
    expect(await skipParked(db, storeHandle.store, items, 'root@test.local')).toMatchObject({ outcome: 'skipped', applied: 1, remaining: 0 });
    expect(await names()).toEqual({ a1: 'A one, fixed by hand', a2: 'A two, changed', b1: 'B one, changed after A broke' });
  });
});


describe('the offers read model through the API: supplier A has a valid period Postgres refuses', () => {
  const api = apiSuite();
  let adminA: Record<string, string>;
  let adminB: Record<string, string>;
  let root: Record<string, string>;
  let supplierA: number;
  let tourA: number;
  let tourB: number;
  // Appends what the API's schemas refuse (a year-0000 period), as data written before they did would be.
  const lenient = openStore(
    new EventSchemaRegistry().register({ ...validPeriodEventSchemas[0]!, schema: z.looseObject({ offerId: z.number() }) }),
    { max: 2, applicationName: `iso-lenient-${tag}` },
  );

  const db = () => api.db;
  const store = () => api.store;
  const newTour = async (headers: Record<string, string>, languageId: number) => {
    const res = await api.http.post('/api/tours').set(headers).send({ id: 0, nameInternal: 'T', nameDisplay: 'Tour with a broken period', languageId, toursCategories: [1] });
    expect({ status: res.status, body: res.status === 200 ? null : res.body }).toEqual({ status: 200, body: null });
    await waitForProjection(db(), store(), 'tours', res.body.Content.position, 10_000);
    return res.body.Content.id as number;
  };
  const newOffer = async (headers: Record<string, string>, tourId: number, nameInternal: string) => {
    const res = await api.http.post('/api/offers').set(headers).send({ id: 0, tourId, nameInternal, nameDisplay: nameInternal, maxNumOfPeople: 10, numberOfHours: 6 });
    expect(res.status).toBe(200);
    return res.body.Content as { id: number; version: number; position: string } & Record<string, unknown>;
  };
  const offerNames = async (headers: Record<string, string>, after: string) => {
    const res = await api.http.get('/api/offers/options').query({ after }).set(headers);
    expect(res.status).toBe(200);
    return (res.body.Content as { id: number; name: string }[]).map((o) => o.name);
  };
  const offersStatus = async (): Promise<ProjectionStatus> => {
    const res = await api.http.get('/api/projections').set(root);
    expect(res.status).toBe(200);
    return (res.body.Content as ProjectionStatus[]).find((p) => p.name === 'offers')!;
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    supplierA = (await registerTenants(api.app)).supplierId;
    const b = (await registerTenants(api.app)).supplierId;
    adminA = bearer(await tokenFor(['admin'], { supplierId: supplierA }));
    adminB = bearer(await tokenFor(['admin'], { supplierId: b }));
    root = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    let lang = await db()('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    if (!lang) {
      const saved = await api.http.post('/api/languages').set(root).send({ id: 0, name: 'Isolation lang', code: 'isl', isOffers: true, imgUrl: '/flags/xx.svg' });
      await waitForProjection(db(), store(), 'languages', saved.body.Content.position, 10_000);
      lang = saved.body.Content;
    }
    tourA = await newTour(adminA, lang.id);
    tourB = await newTour(adminB, lang.id);
  });
  afterAll(async () => {
    await lenient.close();
  });

  it("parks A's refused event: B's saves show, A's offer waits, status and /health say so, and only a superadmin skips it", async () => {
    const offerA = await newOffer(adminA, tourA, `A-${tag}`);

    // Supplier A's period dated year 0000: valid JSON, but Postgres refuses the date.
    const example = validPeriodEventSchemas[0]!.example as Record<string, unknown>;
    const badPeriod = { ...example, id: 2_000_000_000 - offerA.id, offerId: offerA.id, periodStart: '0000-01-01T08:00:00.000Z', periodEnd: '0000-02-01T08:00:00.000Z' };
    const appended = await lenient.store.appendToStream(`offer-${offerA.id}`, [{ type: 'ValidPeriodPriced', data: badPeriod }], {
      expectedRevision: offerA.version,
      metadata: { ...testMetadata(), tenantId: `supplier-${supplierA}` },
    });
    const [bad] = (await store().readStream(`offer-${offerA.id}`)).slice(-1);

    // A renames the offer (held behind the bad event); B adds an offer after it. The editor reads the
    // read model, stale at the version before the refused period: the rename is sent at the stream's.
    const current = (await api.http.get(`/api/offers/manage/${offerA.id}`).set(adminA)).body.Content;
    expect(current.version).toBe(offerA.version);
    const renamed = await api.http.put('/api/offers').set(adminA).send({ ...current, nameInternal: `A-${tag}-renamed`, version: appended.nextExpectedRevision });
    expect(renamed.status).toBe(200);
    const offerB = await newOffer(adminB, tourB, `B-${tag}`);
    expect(store().comparePositions(offerB.position, appended.position)).toBeGreaterThan(0);

    // B's read is current (the read waited for the projection to pass B's save, and it did).
    expect(await waitForProjection(db(), store(), 'offers', offerB.position, 10_000)).toBe(true);
    expect(await offerNames(adminB, offerB.position)).toContain(`B-${tag}`);
    // A's offer is stale: the rename waits behind the refused period.
    expect(await offerNames(adminA, renamed.body.Content.position)).toContain(`A-${tag}`);
    expect(await offerNames(adminA, renamed.body.Content.position)).not.toContain(`A-${tag}-renamed`);

    // The platform's status: the parked event, and the rename held behind it.
    const status = await offersStatus();
    expect(status).toMatchObject({ state: 'running', parked: { count: 2, streams: 1 } });
    expect(status.parked.oldest).toMatchObject({ position: bad!.position, eventId: bad!.eventId, eventType: 'ValidPeriodPriced', streamId: `offer-${offerA.id}`, supplierId: supplierA, reason: 'failed' });
    expect(status.parked.oldest!.error).toContain('date/time field value out of range');
    const parked = (await api.http.get('/api/projections/offers/parked').set(root)).body.Content as ParkedEventView[];
    expect(parked.map((p) => [p.eventType, p.reason])).toEqual([
      ['ValidPeriodPriced', 'failed'],
      ['OfferDetailsChanged', 'held'],
    ]);

    // /health: still 200 (everybody else is served), degraded, with the counts; the stream and the error are for
    // platform admins only (/health is public).
    const health = await api.http.get('/health');
    expect(health.status).toBe(200);
    expect(health.body.Content).toMatchObject({ healthy: true, degraded: true, projections: { healthy: true, degraded: true, note: expect.stringContaining('offers 2 in 1 stream') } });
    const offersHealth = (health.body.Content.projections.list as { name: string }[]).find((p) => p.name === 'offers');
    expect(offersHealth).toMatchObject({ state: 'running', parked: { count: 2, streams: 1 } });
    expect((offersHealth as unknown as { parked: { oldest: unknown } }).parked.oldest).toEqual({ position: bad!.position, parkedAt: expect.any(String) });
    expect(JSON.stringify(health.body)).not.toContain(`offer-${offerA.id}`);

    // A supplier's admin (either supplier) may neither see nor move the platform's projections.
    expectErrorEnvelope(await api.http.post('/api/projections/offers/skip').set(adminA).send({ eventId: bad!.eventId }), 403);
    expectErrorEnvelope(await api.http.post('/api/projections/offers/retry').set(adminB).send({}), 403);
    expectErrorEnvelope(await api.http.get('/api/projections').set(adminA), 403);
    expect(await parkedRows(db(), 'offers')).toHaveLength(2);

    // A retry while the cause remains: 409, everything stays parked. A held event cannot be skipped.
    const retry = await api.http.post('/api/projections/offers/retry').set(root).send({ eventId: bad!.eventId });
    expectErrorEnvelope(retry, 409);
    expect(retry.body.ErrorMessage).toContain('date/time field value out of range');
    const heldOne = parked[1]!;
    expectErrorEnvelope(await api.http.post('/api/projections/offers/skip').set(root).send({ eventId: heldOne.eventId }), 409);
    expectErrorEnvelope(await api.http.post('/api/projections/offers/skip').set(root).send({ eventId: 'not-an-id' }), 400);
    expect((await offersStatus()).parked.count).toBe(2);

    // The command line shows it too, and refuses to skip the held one.
    const cliStatus = await projectionsCli('status');
    expect(cliStatus.code).toBe(0);
    expect(cliStatus.stdout).toMatch(/^offers\s.*\s2 in 1 stream\s/m);
    expect(cliStatus.stdout).toContain(`offers PARKED 2 events in 1 stream`);
    expect(cliStatus.stdout).toContain(`ValidPeriodPriced ${bad!.eventId} at ${bad!.position}, stream offer-${offerA.id} (supplier ${supplierA})`);
    expect(cliStatus.stdout).toContain('date/time field value out of range');
    const cliSkip = await projectionsCli('skip', 'offers', heldOne.eventId, '--by', 'ops');
    expect(cliSkip.code).toBe(1);
    expect(cliSkip.stderr).toContain('is held behind an earlier parked event');
    const cliRetry = await projectionsCli('retry', 'offers');
    expect(cliRetry.code).toBe(1);
    expect(cliRetry.stderr).toContain(`applied 0 parked events of stream offer-${offerA.id}; 2 still parked`);
    expect(cliRetry.stderr).toContain('still fails');

    // The superadmin skips it: recorded with who did it, and A's rename is applied.
    const rootEmail = 'superadmin.platform@test.local';
    const skip = await api.http.post('/api/projections/offers/skip').set(root).send({ eventId: bad!.eventId });
    expect(skip.status).toBe(200);
    expect(skip.body.Content).toMatchObject({ name: 'offers', skipped: { eventId: bad!.eventId }, streamId: `offer-${offerA.id}`, applied: 1, remaining: 0, failing: null });
    expect(await db()('projection_skips').where({ name: 'offers', event_id: bad!.eventId })).toEqual([
      expect.objectContaining({ skipped_by: rootEmail, stream_id: `offer-${offerA.id}`, supplier_id: supplierA, event_type: 'ValidPeriodPriced' }),
    ]);
    expect(await offerNames(adminA, renamed.body.Content.position)).toContain(`A-${tag}-renamed`);
    expect((await offersStatus()).parked).toEqual({ count: 0, streams: 0, oldest: null });
    expectErrorEnvelope(await api.http.post('/api/projections/offers/skip').set(root).send({}), 409); // nothing left

    const after = await api.http.get('/health');
    expect(after.status).toBe(200);
    expect((after.body.Content.projections.list as { name: string; parked: { count: number } }[]).find((p) => p.name === 'offers')!.parked.count).toBe(0);
    await waitForCheckpoint(db(), store(), 'offers', await store().headPosition());
  }, 120_000);
});
