import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo, unusedLanguageCodes } from '../support/reference';

/**
 * Two people saving the same thing: saves made from the same revision of a tour, an offer or one of its valid
 * periods land once and the others are told (409); new valid periods need no revision, so concurrent ones all
 * land (none lost).
 */
describe('catalog: concurrent saves', () => {
  const api = apiSuite();
  let admin: Record<string, string>;
  let languageId: number;

  const settled = (position: string, projection = 'tours') => api.settled(projection, position);

  beforeAll(async () => {
    await seedDemo(api.app);
    admin = bearer(await tokenFor(['admin'], { supplierId: (await registerTenants(api.app)).supplierId }));
    // A language of its own (codes are three letters, unique per run's database).
    const [code] = await unusedLanguageCodes(api.db, 1);
    const saved = await api.http.post('/api/languages').set(bearer(await tokenFor(['superadmin'], { supplierId: null }))).send({ id: 0, name: `Race ${code}`, code, isOffers: true, imgUrl: '/flags/xx.svg' });
    expect(saved.status).toBe(200);
    languageId = saved.body.Content.id;
    await settled(saved.body.Content.position, 'languages');
  });

  const newTour = async () => {
    const res = await api.http.post('/api/tours').set(admin).send({ id: 0, nameInternal: 'RACE', nameDisplay: 'Race tour', languageId, toursCategories: [1] });
    expect(res.status).toBe(200);
    return res.body.Content;
  };

  it('four saves of one tour revision: exactly one lands, three answer 409, the tour holds the winner', async () => {
    const tour = await newTour();
    const names = ['North', 'South', 'East', 'West'];
    const answers = await Promise.all(names.map((n) => api.http.put('/api/tours').set(admin).send({ ...tour, nameDisplay: n, version: tour.version })));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expectErrorEnvelope(lost, 409);
    const winner = won[0]!.body.Content;
    await settled(winner.position);
    const read = await api.http.get(`/api/tours/manage/${tour.id}`).set(admin);
    expect(read.body.Content).toMatchObject({ nameDisplay: winner.nameDisplay, version: tour.version + 1 });
  });

  it('two saves of one offer revision: one lands, one answers 409', async () => {
    const tour = await newTour();
    await settled(tour.position);
    const offer = (await api.http.post('/api/offers').set(admin).send({ id: 0, tourId: tour.id, nameInternal: 'STD', nameDisplay: 'Standard', maxNumOfPeople: 8, numberOfHours: 4 })).body.Content;
    const answers = await Promise.all(['A', 'B'].map((n) => api.http.put('/api/offers').set(admin).send({ ...offer, nameDisplay: n, version: offer.version })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.Content;
    expect((await api.http.get(`/api/offers/manage/${offer.id}`).set(admin)).body.Content.nameDisplay).toBe(winner.nameDisplay);
  });

  it('two saves of one valid period from one offer revision: one lands, one answers 409 (no silent last-writer-wins)', async () => {
    const tour = await newTour();
    await settled(tour.position);
    const offer = (await api.http.post('/api/offers').set(admin).send({ id: 0, tourId: tour.id, nameInternal: 'STD', nameDisplay: 'Standard', maxNumOfPeople: 8, numberOfHours: 4 })).body.Content;
    const prices = { pricePerAdultRecUsdVat: 100, pricePerAdultRecUsd: 95.2381, pricePerAdultRecAedVat: 365, pricePerAdultRecAed: 347.619 };
    const saved = (await api.http.post('/api/validperiods').set(admin).send({ id: 0, offerId: offer.id, periodStart: '2027-01-01T08:00:00.000Z', periodEnd: '2027-01-20T08:00:00.000Z', ...prices })).body.Content;
    const answers = await Promise.all([10, 40].map((pay) => api.http.post('/api/validperiods').set(admin).send({ ...saved, minimumAdvancedPayment: pay, version: saved.version })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    for (const lost of answers.filter((a) => a.status !== 200)) expectErrorEnvelope(lost, 409);
    const winner = answers.find((a) => a.status === 200)!.body.Content;
    const read = (await api.http.get(`/api/offers/manage/${offer.id}`).set(admin)).body.Content;
    expect(read.validPeriods).toEqual([expect.objectContaining({ id: saved.id, minimumAdvancedPayment: winner.minimumAdvancedPayment })]);
    expect(read.version).toBe(winner.version);
  });

  it('valid periods added at the same time to one offer all land', async () => {
    const tour = await newTour();
    await settled(tour.position);
    const offer = (await api.http.post('/api/offers').set(admin).send({ id: 0, tourId: tour.id, nameInternal: 'STD', nameDisplay: 'Standard', maxNumOfPeople: 8, numberOfHours: 4 })).body.Content;
    const months = ['2027-01', '2027-02', '2027-03', '2027-04'];
    const answers = await Promise.all(
      months.map((m) =>
        api.http
          .post('/api/validperiods')
          .set(admin)
          .send({ id: 0, offerId: offer.id, periodStart: `${m}-01T08:00:00.000Z`, periodEnd: `${m}-20T08:00:00.000Z`, pricePerAdultRecUsdVat: 100, pricePerAdultRecUsd: 95.2381, pricePerAdultRecAedVat: 365, pricePerAdultRecAed: 347.619 }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const periods = (await api.http.get(`/api/offers/manage/${offer.id}`).set(admin)).body.Content.validPeriods as { id: number; periodStart: string }[];
    expect(periods.map((p) => p.periodStart.slice(0, 7)).sort()).toEqual(months);
    expect(new Set(periods.map((p) => p.id)).size).toBe(4);
  });
});
