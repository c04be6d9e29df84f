import type { INestApplication } from '@nestjs/common';
import type { Knex } from 'knex';
import { waitForProjection } from '@tbo/read-models';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, startApi, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';

/** VAT 5 %, 3.65 AED per USD, commission 20 %: adult USD with VAT 100, no child or trip price. */
const defaultPrices = {
  pricePerAdultRecAedVat: 365,
  pricePerAdultRecAed: 347.619,
  pricePerAdultRecUsdVat: 100,
  pricePerAdultRecUsd: 95.2381,
  pricePerAdultNetAedVat: 292,
  pricePerAdultNetAed: 278.0952,
  pricePerAdultNetUsdVat: 80,
  pricePerAdultNetUsd: 76.1905,
  netCommissionPerAdult: 20,
  netCommissionPerChild: null,
  netCommissionPerTrip: null,
};

describe('offers: POST/PUT /api/offers, GET manage/{id}, delete, restore, history; POST /api/validperiods', () => {
  let app: INestApplication;
  let http: Awaited<ReturnType<typeof startApi>>['http'];
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let supplierId: number;
  let tourId: number;
  let otherTourId: number;

  const offerBody = (over: Record<string, unknown> = {}) => ({
    id: 0,
    tourId,
    nameInternal: 'DSF-01-STD',
    nameDisplay: 'Desert Safari — Standard',
    maxNumOfPeople: 10,
    numberOfHours: 6,
    ...over,
  });
  const create = (over: Record<string, unknown> = {}, headers = admin) => http.post('/api/offers').set(headers).send(offerBody(over));
  const get = (id: number, headers = admin) => http.get(`/api/offers/manage/${id}`).set(headers);
  const period = (offerId: number, over: Record<string, unknown> = {}) => ({
    id: 0,
    offerId,
    periodStart: '2026-12-01T08:00:00.000Z',
    periodEnd: '2027-01-01T08:00:00.000Z',
    minimumAdvancedPayment: 30,
    ...defaultPrices,
    ...over,
  });
  const savePeriod = (body: object, headers = admin) => http.post('/api/validperiods').set(headers).send(body);

  const newTour = async (headers: Record<string, string>, languageId: number) => {
    const res = await http.post('/api/tours').set(headers).send({ id: 0, nameInternal: 'T', nameDisplay: 'Tour for offers', languageId, toursCategories: [1] });
    expect(res.status).toBe(200);
    await waitForProjection(app.get<Knex>(KNEX), app.get<EventStore>(EVENT_STORE), 'tours', res.body.Content.position, 10_000);
    return res.body.Content.id as number;
  };

  beforeAll(async () => {
    ({ app, http } = await startApi());
    await seedDemo(app);
    supplierId = (await registerTenants(app)).supplierId;
    const otherId = (await registerTenants(app)).supplierId;
    admin = bearer(tokenFor(['admin'], { supplierId }));
    editor = bearer(tokenFor(['editor'], { supplierId }));
    otherAdmin = bearer(tokenFor(['admin'], { supplierId: otherId }));
    let lang = await app.get<Knex>(KNEX)('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    if (!lang) {
      const saved = await http.post('/api/languages').set(bearer(tokenFor(['admin']))).send({ id: 0, name: 'Offers lang', code: 'ofr', isOffers: true, imgUrl: '/flags/xx.svg' });
      await waitForProjection(app.get<Knex>(KNEX), app.get<EventStore>(EVENT_STORE), 'languages', saved.body.Content.position, 10_000);
      lang = saved.body.Content;
    }
    tourId = await newTour(admin, lang.id);
    otherTourId = await newTour(otherAdmin, lang.id);
  });
  afterAll(() => app.close());

  it('creates with POST (defaults applied), reads it back, and saves changes with PUT', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    const saved = res.body.Content;
    expect(saved).toMatchObject({
      id: expect.any(Number),
      tourId,
      nameInternal: 'DSF-01-STD',
      minNumOfPeople: 1,
      childAge: 12,
      infantAge: 3,
      bookingType: 1,
      childrenAllowed: false,
      isOverrideTourCancellationPolicy: false,
      cancellationPolicy: [],
      isDeleted: false,
      validPeriods: [],
      pricePerAdultRecUsd: null,
      periodEnd: null,
      version: expect.any(Number),
      position: expect.any(String),
    });
    const read = await get(saved.id, editor);
    expect(read.status).toBe(200);
    const { position: _p, ...expected } = saved;
    expect(read.body.Content).toEqual(expected);

    const put = await http.put('/api/offers').set(editor).send({ ...read.body.Content, bookingType: 0, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }] });
    expect(put.status).toBe(200);
    expect(put.body.Content).toMatchObject({ bookingType: 0, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }], version: saved.version + 2 });
    // Without override the offer stores an empty policy.
    const off = await http.put('/api/offers').set(editor).send({ ...put.body.Content, isOverrideTourCancellationPolicy: false });
    expect(off.body.Content).toMatchObject({ isOverrideTourCancellationPolicy: false, cancellationPolicy: [] });
  });

  it.each([
    ['nameInternal', { nameInternal: ' ' }, 'Ticket code is required'],
    ['nameDisplay', { nameDisplay: '' }, 'Ticket display name is required'],
    ['minNumOfPeople', { minNumOfPeople: 0 }, 'Minimum number of people is required'],
    ['maxNumOfPeople', { maxNumOfPeople: null }, 'Maximum number of people is required'],
    ['numberOfHours', { numberOfHours: 0.5 }, 'Minimum duration is 1 hour'],
    ['minimumAdvancedPayment', { minimumAdvancedPayment: 101 }, 'Minimum advanced payment must be between 0 and 100'],
    ['childAge', { childAge: 19 }, 'Child age is required and must be between 1 and 18'],
    ['infantAge', { infantAge: 0 }, 'Infant age is required and must be between 1 and 18'],
    ['ticketsTypes.adult', { isTicketsRequired: true, ticketsTypes: [{ ticketTypeId: 4, type: 1 }, { ticketTypeId: 5, type: 2 }] }, 'Adult ticket is required'],
    ['ticketsTypes.child', { isTicketsRequired: true, ticketsTypes: [{ ticketTypeId: 4, type: 0 }] }, 'Child ticket is required'],
    ['ticketsTypes.infant', { isTicketsRequired: true, ticketsTypes: [] }, 'Infant ticket is required'],
  ])('refuses an offer with a bad %s', async (field, over, message) => {
    const res = await create(over);
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors[field]).toContain(message);
  });

  it("answers the tour's 404 for an unknown or other supplier's tour, and the ticket's 404 for an unknown or other supplier's offer", async () => {
    for (const t of [otherTourId, 99_999_999]) {
      const res = await create({ tourId: t });
      expectErrorEnvelope(res, 404);
      expect(res.body.ErrorMessage).toBe('Tour not found or you are not allowed to manage it');
    }
    const mine = (await create()).body.Content;
    for (const [id, h] of [
      [mine.id, otherAdmin],
      [99_999_999, admin],
    ] as const) {
      const res = await get(id, h);
      expectErrorEnvelope(res, 404);
      expect(res.body).toMatchObject({ ErrorTitle: 'Not found', ErrorMessage: 'Ticket not found or you are not allowed to manage it' });
    }
    expectErrorEnvelope(await http.delete(`/api/offers/${mine.id}`).set(otherAdmin), 404);
    expectErrorEnvelope(await http.get(`/api/offers/${mine.id}/history`).set(otherAdmin), 404);
  });

  it('refuses an agent with 403', async () => {
    const agent = bearer(tokenFor(['agent'], { supplierId: null, agencyId: 1 }));
    expectErrorEnvelope(await create({}, agent), 403);
    expectErrorEnvelope(await get(1, agent), 403);
    expectErrorEnvelope(await savePeriod(period(1), agent), 403);
  });

  it('deletes and restores', async () => {
    const saved = (await create()).body.Content;
    const del = await http.delete(`/api/offers/${saved.id}`).set(admin);
    expect(del.status).toBe(200);
    expect(del.body.Content.isDeleted).toBe(true);
    expect((await get(saved.id)).body.Content.isDeleted).toBe(true);
    const back = await http.post(`/api/offers/${saved.id}/restore`).set(admin);
    expect(back.status).toBe(200);
    expect(back.body.Content.isDeleted).toBe(false);
  });

  it('answers 409 on a stale version', async () => {
    const saved = (await create()).body.Content;
    const ok = await http.put('/api/offers').set(admin).send({ ...saved, nameDisplay: 'Red Dunes', version: saved.version });
    expect(ok.status).toBe(200);
    const stale = await http.put('/api/offers').set(admin).send({ ...saved, nameDisplay: 'Gold Dunes', version: saved.version });
    expectErrorEnvelope(stale, 409);
  });

  it('saves valid periods with the account settings in force, refuses inconsistent prices, and shows price changes in the history', async () => {
    const fresh = await registerTenants(app);
    const h = bearer(tokenFor(['admin'], { supplierId: fresh.supplierId }));
    const lang = await app.get<Knex>(KNEX)('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    const tour = await newTour(h, lang.id);
    const offer = (await create({ tourId: tour }, h)).body.Content;

    const first = await savePeriod(period(offer.id), h);
    expect(first.status).toBe(200);
    expect(first.body.Content).toMatchObject({ id: expect.any(Number), offerId: offer.id, minimumAdvancedPayment: 30, vat: 5, vatK: 1.05, convRate: 3.65, convType: 'multiply', defaultCommission: 20, pricePerAdultRecUsdVat: 100, position: expect.any(String) });

    const bad = await savePeriod(period(offer.id, { pricePerAdultRecAedVat: 400 }), h);
    expectErrorEnvelope(bad, 400);
    expect(bad.body.ErrorMessage).toContain('Prices are not consistent');
    expect(bad.body.Content.errors['recommended.adult']).toEqual([expect.stringContaining('do not agree')]);
    const backwards = await savePeriod(period(offer.id, { periodEnd: '2026-11-01T08:00:00.000Z' }), h);
    expectErrorEnvelope(backwards, 400);
    expect(backwards.body.Content.errors.periodEnd).toContain('Period end must be after period start');

    // New settings: VAT 10 %, 4 AED per USD, commission 15 %.
    const settings = await http
      .put('/api/account/settings')
      .set(h)
      .send({ taxes: [{ name: 'VAT', amount: 10 }], defaultCommission: 15, currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 4, convType: 'multiply' } });
    expect(settings.status).toBe(200);
    // Prices computed with the old settings no longer agree.
    expectErrorEnvelope(await savePeriod(period(offer.id), h), 400);
    const second = await savePeriod(
      {
        id: 0,
        offerId: offer.id,
        periodStart: '2027-01-01T08:00:00.000Z',
        periodEnd: '2027-02-01T08:00:00.000Z',
        pricePerAdultRecAedVat: 440,
        pricePerAdultRecAed: 400,
        pricePerAdultRecUsdVat: 110,
        pricePerAdultRecUsd: 100,
        netCommissionPerAdult: null,
      },
      h,
    );
    expect(second.status).toBe(200);
    expect(second.body.Content).toMatchObject({ vat: 10, vatK: 1.1, convRate: 4, defaultCommission: 15, minimumAdvancedPayment: 0 });

    const read = (await get(offer.id, h)).body.Content;
    expect(read.validPeriods).toHaveLength(2);
    expect(read.validPeriods[0]).toMatchObject({ id: first.body.Content.id, vat: 5, convRate: 3.65, defaultCommission: 20 });
    expect(read).toMatchObject({ pricePerAdultRecUsd: 100, periodEnd: '2027-02-01T08:00:00.000Z' });

    // Saving a period again replaces it in the offer.
    const changed = await savePeriod({ ...second.body.Content, pricePerAdultRecAedVat: 880, pricePerAdultRecAed: 800, pricePerAdultRecUsdVat: 220, pricePerAdultRecUsd: 200 }, h);
    expect(changed.status).toBe(200);
    const again = (await get(offer.id, h)).body.Content;
    expect(again.validPeriods).toHaveLength(2);
    expect(again.pricePerAdultRecUsd).toBe(200);

    const history = await http.get(`/api/offers/${offer.id}/history`).set(h);
    expect(history.status).toBe(200);
    const last = history.body.Content[history.body.Content.length - 1];
    expect(last.event).toBe('ValidPeriodPriced');
    expect(last.changes).toContainEqual({ field: `validPeriods.${second.body.Content.id}.pricePerAdultRecUsd`, before: 100, after: 200 });
    expect(history.body.Content[0]).toMatchObject({ event: 'OfferCreated', at: expect.any(String) });
  });
});
