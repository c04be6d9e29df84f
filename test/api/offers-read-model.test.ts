import { recordedAs, type OfferStreamEvent } from '@tbo/event-schemas';
import { emptyOfferState, offerDecider, offerFrom, offerStream } from '@tbo/catalog/src/offers/offer';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { DEFAULT_PERIOD_PRICES } from '../support/catalog';
import { seedDemo } from '../support/reference';
import { someLanguage } from '../support/booking';

/** GET /api/offers/manage/{id} answers from the offers read model, the same bytes the stream's fold gave. */
describe('offers: GET manage/{id} reads the offers read model', () => {
  const api = apiSuite();
  let admin: Record<string, string>;
  let tourId: number;

  const get = (id: number, after?: string) => api.http.get(`/api/offers/manage/${id}${after ? `?after=${after}` : ''}`).set(admin);
  /** The answer as the GET gave it before it read the table: the offer folded from its stream. */
  const folded = async (id: number) => {
    const events = await api.store.readStream(offerStream(id));
    return { ...offerFrom(recordedAs<OfferStreamEvent>(events).reduce(offerDecider.evolve, emptyOfferState(id))), version: events[events.length - 1]!.revision };
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    const supplierId = (await registerTenants(api.app)).supplierId;
    admin = bearer(await tokenFor(['admin'], { supplierId }));
    // The demo seed leaves languages to the seed CLI: add one when no earlier file did.
    const lang = await someLanguage(api, { name: 'Read model lang', code: 'rml' });
    const tour = await api.http.post('/api/tours').set(admin).send({ id: 0, nameInternal: 'RM', nameDisplay: 'Tour for the offers read model', languageId: lang.id, toursCategories: [1] });
    expect(tour.status).toBe(200);
    await api.settled('tours', tour.body.Content.position);
    tourId = tour.body.Content.id;
  });

  it('answers byte for byte what the fold of the stream answers, details, policy, periods and their terms included', async () => {
    const created = await api.http
      .post('/api/offers')
      .set(admin)
      .send({ id: 0, tourId, nameInternal: 'RM-01', nameDisplay: 'Read model — Standard', maxNumOfPeople: 8, numberOfHours: 4, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 48, percents: 25 }] });
    expect(created.status).toBe(200);
    const id = created.body.Content.id as number;
    const period = { offerId: id, periodStart: '2026-12-01T08:00:00.000Z', periodEnd: '2027-01-01T08:00:00.000Z', ...DEFAULT_PERIOD_PRICES };
    const first = await api.http.post('/api/validperiods').set(admin).send({ id: 0, ...period, minimumAdvancedPayment: 30 });
    expect(first.status).toBe(200);
    // Back to back (an offer's periods may not overlap).
    const second = await api.http.post('/api/validperiods').set(admin).send({ id: 0, ...period, periodStart: '2027-01-01T08:00:00.000Z', periodEnd: '2027-03-01T08:00:00.000Z', minimumAdvancedPayment: 0 });
    // Changed later (its advance payment): the period keeps its place.
    const repriced = await api.http.post('/api/validperiods').set(admin).send({ id: first.body.Content.id, version: second.body.Content.version, ...period, minimumAdvancedPayment: 40 });
    expect([second.status, repriced.status]).toEqual([200, 200]);

    const read = await get(id, repriced.body.Content.position);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body.Content)).toBe(JSON.stringify(await folded(id)));
    expect(read.body.Content).toMatchObject({
      isOverrideTourCancellationPolicy: true,
      cancellationPolicy: [{ hours: 48, percents: 25 }],
      validPeriods: [
        { id: first.body.Content.id, periodEnd: '2027-01-01T08:00:00.000Z', minimumAdvancedPayment: 40 },
        { id: second.body.Content.id, minimumAdvancedPayment: 0 },
      ],
      version: repriced.body.Content.version,
    });
  });

  it('answers the row of the read table, not a fold of the stream', async () => {
    const created = await api.http.post('/api/offers').set(admin).send({ id: 0, tourId, nameInternal: 'RM-02', nameDisplay: 'From the stream', maxNumOfPeople: 8, numberOfHours: 4 });
    const id = created.body.Content.id as number;
    expect((await get(id, created.body.Content.position)).body.Content.nameDisplay).toBe('From the stream');
    // Only the read table says otherwise: a GET that folded the stream would not see it.
    const row = await api.db('offers').select('details').where({ id }).first();
    await api.db('offers')
      .where({ id })
      .update({ details: JSON.stringify({ ...row.details, nameDisplay: 'From the table' }) });
    expect((await get(id)).body.Content.nameDisplay).toBe('From the table');
    expect((await folded(id)).nameDisplay).toBe('From the stream');
  });

  it('reads its own writes without ?after=, deleted and restored included', async () => {
    const created = await api.http.post('/api/offers').set(admin).send({ id: 0, tourId, nameInternal: 'RM-03', nameDisplay: 'Fresh', maxNumOfPeople: 8, numberOfHours: 4 });
    const id = created.body.Content.id as number;
    expect((await get(id)).body.Content).toMatchObject({ nameDisplay: 'Fresh', isDeleted: false, version: created.body.Content.version });
    const renamed = await api.http.put('/api/offers').set(admin).send({ ...created.body.Content, nameDisplay: 'Renamed' });
    expect((await get(id)).body.Content).toMatchObject({ nameDisplay: 'Renamed', version: renamed.body.Content.version });
    expect((await api.http.delete(`/api/offers/${id}`).set(admin)).status).toBe(200);
    expect((await get(id)).body.Content.isDeleted).toBe(true);
    expect((await api.http.post(`/api/offers/${id}/restore`).set(admin)).status).toBe(200);
    expect((await get(id)).body.Content.isDeleted).toBe(false);
  });

  it("answers 404 for another supplier's offer from the table", async () => {
    const created = await api.http.post('/api/offers').set(admin).send({ id: 0, tourId, nameInternal: 'RM-04', nameDisplay: 'Mine', maxNumOfPeople: 8, numberOfHours: 4 });
    const other = bearer(await tokenFor(['admin'], { supplierId: (await registerTenants(api.app)).supplierId }));
    const res = await api.http.get(`/api/offers/manage/${created.body.Content.id}?after=${created.body.Content.position}`).set(other);
    expectErrorEnvelope(res, 404);
    expect(res.body.ErrorMessage).toBe('Ticket not found or you are not allowed to manage it');
  });
});
