import { bearer, expectErrorEnvelope, expectStaleSaveRefused, tokenFor, suppliersSuite, expectHiddenFromOthers } from '../support/api';
import { registerTenants } from '../support/identity';
import { DEFAULT_PERIOD_PRICES } from '../support/catalog';
import { flatFromPrices } from '@tbo/catalog/src/pricing/flat-prices.pure';
import { defaultPriceSettings, editCommission, editRecommended, emptyPrices } from '@tbo/catalog/src/pricing/price-model.pure';
import { summaryPeriodAt } from '@tbo/catalog/src/pure/offer-summary.pure';

const defaultPrices = DEFAULT_PERIOD_PRICES;

describe('offers: POST/PUT /api/offers, GET manage/{id}, delete, restore, history; POST /api/validperiods', () => {
  const api = suppliersSuite({ seed: true });
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
  const create = (over: Record<string, unknown> = {}, headers = api.admin) => api.http.post('/api/offers').set(headers).send(offerBody(over));
  const get = (id: number, headers = api.admin) => api.http.get(`/api/offers/manage/${id}`).set(headers);
  const period = (offerId: number, over: Record<string, unknown> = {}) => ({
    id: 0,
    offerId,
    periodStart: '2026-12-01T08:00:00.000Z',
    periodEnd: '2027-01-01T08:00:00.000Z',
    minimumAdvancedPayment: 30,
    ...defaultPrices,
    ...over,
  });
  const savePeriod = (body: object, headers = api.admin) => api.http.post('/api/validperiods').set(headers).send(body);

  const newTour = async (headers: Record<string, string>, languageId: number) => {
    const res = await api.http.post('/api/tours').set(headers).send({ id: 0, nameInternal: 'T', nameDisplay: 'Tour for offers', languageId, toursCategories: [1] });
    expect(res.status).toBe(200);
    await api.settled('tours', res.body.Content.position);
    return res.body.Content.id as number;
  };

  beforeAll(async () => {
    let lang = await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    if (!lang) {
      const saved = await api.http.post('/api/languages').set(bearer(await tokenFor(['superadmin'], { supplierId: null }))).send({ id: 0, name: 'Offers lang', code: 'ofr', isOffers: true, imgUrl: '/flags/xx.svg' });
      await api.settled('languages', saved.body.Content.position);
      lang = saved.body.Content;
    }
    tourId = await newTour(api.admin, lang.id);
    otherTourId = await newTour(api.otherAdmin, lang.id);
  });

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
    const read = await get(saved.id, api.editor);
    expect(read.status).toBe(200);
    const { position: _p, ...expected } = saved;
    expect(read.body.Content).toEqual(expected);

    const put = await api.http.put('/api/offers').set(api.editor).send({ ...read.body.Content, bookingType: 0, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }] });
    expect(put.status).toBe(200);
    expect(put.body.Content).toMatchObject({ bookingType: 0, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }], version: saved.version + 2 });
    // Without override the offer stores an empty policy.
    const off = await api.http.put('/api/offers').set(api.editor).send({ ...put.body.Content, isOverrideTourCancellationPolicy: false });
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
    await expectHiddenFromOthers(get, mine.id, api, 'Ticket not found or you are not allowed to manage it');
    expectErrorEnvelope(await api.http.delete(`/api/offers/${mine.id}`).set(api.otherAdmin), 404);
    expectErrorEnvelope(await api.http.get(`/api/offers/${mine.id}/history`).set(api.otherAdmin), 404);
  });

  it("sells the supplier's own time slots and refuses another supplier's", async () => {
    const slotOf = async (headers: Record<string, string>) => {
      const group = await api.http.post('/api/timeslots/group').set(headers).send({ id: 0, name: 'Offer slots', capacity: 20 });
      const slot = await api.http.post('/api/timeslots').set(headers).send({ id: 0, groupId: group.body.Content.id, name: 'Nine', timeType: 0, startTimeDescription: '09:00' });
      expect(slot.status).toBe(200);
      return slot.body.Content.id as number;
    };
    const mine = await slotOf(api.admin);
    const theirs = await slotOf(api.otherAdmin);
    const refused = await create({ timeSlots: [mine, theirs] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ IsOk: false, ErrorMessage: 'Time slot not found or you are not allowed to use it', Content: { errors: { timeSlots: ['Time slot not found or you are not allowed to use it'] } } });
    const saved = await create({ timeSlots: [mine] });
    expect(saved.status).toBe(200);
    await api.settled('offers', saved.body.Content.position);
    expect((await get(saved.body.Content.id)).body.Content.timeSlots).toEqual([mine]);
  });

  it('refuses a maximum number of people below the minimum, and accepts them equal', async () => {
    const res = await create({ minNumOfPeople: 5, maxNumOfPeople: 3 });
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toBe('Maximum number of people cannot be less than the minimum number of people');
    expect(res.body.Content.errors.maxNumOfPeople).toEqual(['Maximum number of people cannot be less than the minimum number of people']);
    expect((await create({ minNumOfPeople: 5, maxNumOfPeople: 5 })).status).toBe(200);
  });

  it('refuses ticket type ids that are not in the ticket types list, on their category, and takes known ones', async () => {
    const known = await api.db('ticket_types').select('id').orderBy('id').first<{ id: number } | undefined>();
    expect(known).toBeDefined();
    const res = await create({ isTicketsRequired: true, ticketsTypes: [{ ticketTypeId: known!.id, type: 0 }, { ticketTypeId: 99_999_999, type: 1 }, { ticketTypeId: known!.id, type: 2 }] });
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toBe('Ticket type not found');
    expect(res.body.Content.errors).toEqual({ 'ticketsTypes.child': ['Ticket type not found'] });
    // Also when tickets are not required (the ids are stored all the same).
    const loose = await create({ isTicketsRequired: false, ticketsTypes: [{ ticketTypeId: 88_888_888, type: 2 }] });
    expectErrorEnvelope(loose, 400);
    expect(loose.body.Content.errors).toEqual({ 'ticketsTypes.infant': ['Ticket type not found'] });
    const ok = await create({ isTicketsRequired: true, ticketsTypes: [0, 1, 2].map((type) => ({ ticketTypeId: known!.id, type })) });
    expect(ok.status).toBe(200);
    expect(ok.body.Content.ticketsTypes).toEqual([0, 1, 2].map((type) => ({ type, ticketTypeId: known!.id })));
  });

  it('decides the tour on its stream: a tour the tours read table does not show yet takes offers at once', async () => {
    const lang = await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    const tour = await api.http.post('/api/tours').set(api.admin).send({ id: 0, nameInternal: 'FRESH', nameDisplay: 'Just created', languageId: lang.id, toursCategories: [1] });
    expect(tour.status).toBe(200);
    // The read table lagging behind (as right after the save): take its row away.
    await api.settled('tours', tour.body.Content.position);
    await api.db('tours').where({ id: tour.body.Content.id }).delete();
    const res = await create({ tourId: tour.body.Content.id });
    expect(res.status).toBe(200);
    expect(res.body.Content.tourId).toBe(tour.body.Content.id);
    // Another supplier's tour is still not this supplier's, whatever the read table says.
    const theirs = await api.db('tours').select('supplier_id').where({ id: otherTourId }).first<{ supplier_id: number }>();
    await api.db('tours').where({ id: otherTourId }).update({ supplier_id: api.supplierId });
    const foreign = await create({ tourId: otherTourId });
    await api.db('tours').where({ id: otherTourId }).update({ supplier_id: theirs.supplier_id });
    expectErrorEnvelope(foreign, 404);
    expect(foreign.body.ErrorMessage).toBe('Tour not found or you are not allowed to manage it');
  });

  it('refuses an agent with 403', async () => {
    const agent = bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 1 }));
    expectErrorEnvelope(await create({}, agent), 403);
    expectErrorEnvelope(await get(1, agent), 403);
    expectErrorEnvelope(await savePeriod(period(1), agent), 403);
  });

  it('deletes and restores', async () => {
    const saved = (await create()).body.Content;
    const del = await api.http.delete(`/api/offers/${saved.id}`).set(api.admin);
    expect(del.status).toBe(200);
    expect(del.body.Content.isDeleted).toBe(true);
    expect((await get(saved.id)).body.Content.isDeleted).toBe(true);
    const back = await api.http.post(`/api/offers/${saved.id}/restore`).set(api.admin);
    expect(back.status).toBe(200);
    expect(back.body.Content.isDeleted).toBe(false);
  });

  it('answers 409 on a stale version', async () => {
    await expectStaleSaveRefused(api.http, '/api/offers', api.admin, (await create()).body.Content);
  });

  it("changing a saved period needs the offer's version the editor loaded: stale answers 409, none 400; a new period needs none", async () => {
    const offer = (await create()).body.Content;
    const first = await savePeriod({ ...period(offer.id), version: 0 });
    expect(first.status).toBe(200);
    const saved = first.body.Content;
    // Someone else saves the offer meanwhile.
    const other = await api.http.put('/api/offers').set(api.editor).send({ ...offer, nameDisplay: 'Changed meanwhile', version: saved.version });
    expect(other.status).toBe(200);

    const stale = await savePeriod({ ...saved, minimumAdvancedPayment: 50, pricePerAdultRecUsdVat: 100 });
    expectErrorEnvelope(stale, 409, 'Conflict');
    expect(stale.body.ErrorMessage).toBe('This item was changed by someone else in the meantime. Reload it and try again.');
    const { version: _v, ...withoutVersion } = saved;
    const unversioned = await savePeriod({ ...withoutVersion, minimumAdvancedPayment: 50 });
    expectErrorEnvelope(unversioned, 400);
    expect(unversioned.body.Content.errors.version).toEqual(["The ticket's version is required to change a saved valid period: send the version the editor loaded"]);
    await api.settled('offers', other.body.Content.position);
    expect((await get(offer.id)).body.Content.validPeriods[0]).toMatchObject({ id: saved.id, minimumAdvancedPayment: 30 });

    const current = await savePeriod({ ...saved, minimumAdvancedPayment: 50, version: other.body.Content.version });
    expect(current.status).toBe(200);
    expect(current.body.Content).toMatchObject({ id: saved.id, minimumAdvancedPayment: 50, version: other.body.Content.version + 1 });
    // A new period with a stale version still lands: nothing of it existed to be overwritten.
    const added = await savePeriod({ ...period(offer.id, { periodStart: '2027-01-01T08:00:00.000Z', periodEnd: '2027-02-01T08:00:00.000Z' }), version: 0 });
    expect(added.status).toBe(200);
  });

  it("prices periods with the tax named 'VAT', not the first tax (the rule the browser shares)", async () => {
    const fresh = await registerTenants(api.app);
    const h = bearer(await tokenFor(['admin'], { supplierId: fresh.supplierId }));
    const lang = await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    const offer = (await create({ tourId: await newTour(h, lang.id) }, h)).body.Content;
    const settings = await api.http
      .put('/api/account/settings')
      .set(h)
      .send({ taxes: [{ name: 'Tourism dirham', amount: 10 }, { name: 'VAT', amount: 5 }], defaultCommission: 20, currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' } });
    expect(settings.status).toBe(200);
    const saved = await savePeriod(period(offer.id), h);
    expect(saved.status).toBe(200);
    expect(saved.body.Content).toMatchObject({ vat: 5, vatK: 1.05 });
  });

  it('accepts the nets of a commission changed after typing an AED price without VAT (AED 26, commission 20 → 10 %)', async () => {
    const offer = (await create()).body.Content;
    let prices = editRecommended(emptyPrices(20), 'adult', 'aed', 26, defaultPriceSettings());
    prices = editCommission(prices, 'adult', 10, defaultPriceSettings());
    expect(prices.net.adult.aed).toBe(23.4);
    const res = await savePeriod({ ...period(offer.id), ...flatFromPrices(prices) });
    expect(res.status).toBe(200);
    expect(res.body.Content).toMatchObject({ pricePerAdultRecAed: 26, pricePerAdultNetAed: 23.4, pricePerAdultNetAedVat: 24.57, netCommissionPerAdult: 10 });
  });

  it('saves valid periods with the account settings in force, refuses inconsistent prices, and shows price changes in the history', async () => {
    const fresh = await registerTenants(api.app);
    const h = bearer(await tokenFor(['admin'], { supplierId: fresh.supplierId }));
    const lang = await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
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
    const settings = await api.http
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
    // The summary is the period of this moment (summaryPeriodAt, specified on its own): one of the two, as saved.
    const summary = summaryPeriodAt(read.validPeriods as { periodStart: string; periodEnd: string; pricePerAdultRecUsd: number }[], new Date().toISOString())!;
    expect(read).toMatchObject({ pricePerAdultRecUsd: summary.pricePerAdultRecUsd, periodEnd: summary.periodEnd });

    // Saving a period again replaces it in the offer.
    const changed = await savePeriod({ ...second.body.Content, pricePerAdultRecAedVat: 880, pricePerAdultRecAed: 800, pricePerAdultRecUsdVat: 220, pricePerAdultRecUsd: 200 }, h);
    expect(changed.status).toBe(200);
    const again = (await get(offer.id, h)).body.Content;
    expect(again.validPeriods).toHaveLength(2);
    expect(again.validPeriods.find((p: { id: number }) => p.id === second.body.Content.id).pricePerAdultRecUsd).toBe(200);

    const history = await api.http.get(`/api/offers/${offer.id}/history`).set(h);
    expect(history.status).toBe(200);
    const last = history.body.Content[history.body.Content.length - 1];
    expect(last.event).toBe('ValidPeriodPriced');
    expect(last.changes).toContainEqual({ field: `validPeriods.${second.body.Content.id}.pricePerAdultRecUsd`, before: 100, after: 200 });
    expect(history.body.Content[0]).toMatchObject({ event: 'OfferCreated', at: expect.any(String) });
  });
});
