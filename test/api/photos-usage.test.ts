import type { Knex } from 'knex';
import { photoUsageProjection, rebuildProjection, waitForProjection } from '@tbo/read-models';
import { KNEX } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { base64, eventually, newGuid, photoFile, startPhotoStack } from '../support/photos';
import { seedDemo } from '../support/reference';

interface Ref {
  id: number;
  name: string;
}
interface Photo {
  id: number;
  usedInTours: Ref[];
  usedInOffers: Ref[];
  usedInCountries: Ref[];
  usedInWidgets: Ref[];
}
type Saved = Record<string, unknown> & { id: number; version: number };

describe('photos: usage by tours and offers (media manager lists, tours filter, delete check, rebuild)', () => {
  let stack: Awaited<ReturnType<typeof startPhotoStack>>;
  let db: Knex;
  let admin: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let languageId: number;
  /** hero of the tour, in the tour and the offer, hero of the offer, unused. */
  let hero: number, shared: number, offerHero: number, spare: number;
  let otherPhoto: number;
  let tour: Saved;
  let offer: Saved;

  const upload = async (headers: Record<string, string>) => {
    const res = await stack.http.post('/api/photos/upload').set(headers).send({ guid: newGuid(), data: base64(await photoFile('png', 64, 48)) });
    expect(res.status).toBe(200);
    return res.body.Content.id as number;
  };
  const saveTour = async (body: Record<string, unknown>, headers = admin): Promise<Saved> => {
    const res = await stack.http[body.id ? 'put' : 'post']('/api/tours').set(headers).send(body);
    expect(res.status).toBe(200);
    // Offers are checked against the tours read model.
    expect(await waitForProjection(db, stack.store, 'tours', res.body.Content.position, 10_000)).toBe(true);
    return res.body.Content;
  };
  const saveOffer = async (body: Record<string, unknown>): Promise<Saved> => {
    const res = await stack.http[body.id ? 'put' : 'post']('/api/offers').set(admin).send(body);
    expect(res.status).toBe(200);
    return res.body.Content;
  };
  const listed = async (body: object, headers = admin) => (await stack.http.post('/api/photos/list').set(headers).send(body)).body.Content.entities as Photo[];
  const usageOf = async (id: number) => (await listed({ page: 1 })).find((p) => p.id === id)!;
  const toursFilter = async (headers = admin) => (await stack.http.get('/api/photos/tours').set(headers)).body.Content as Ref[];
  /** The photo's usage once it matches (the list reads the projection; a delete waits for it itself). */
  const usageBecomes = (id: number, want: Partial<Photo>) =>
    eventually(async () => {
      const p = await usageOf(id);
      return Object.entries(want).every(([k, v]) => JSON.stringify(p[k as keyof Photo]) === JSON.stringify(v)) ? p : undefined;
    }, 10_000, `usage of photo ${id}`);

  const aLanguage = async (): Promise<number> => {
    const lang = await db('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    if (lang) return lang.id;
    const saved = await stack.http.post('/api/languages').set(bearer(await tokenFor(['admin', 'superadmin']))).send({ id: 0, name: 'Usage lang', code: 'usg', isOffers: true, imgUrl: '/flags/xx.svg' });
    expect(await waitForProjection(db, stack.store, 'languages', saved.body.Content.position, 10_000)).toBe(true);
    return saved.body.Content.id;
  };

  beforeAll(async () => {
    stack = await startPhotoStack();
    db = stack.app.get<Knex>(KNEX);
    await seedDemo(stack.app);
    admin = bearer(await tokenFor(['admin'], { supplierId: (await registerTenants(stack.app)).supplierId }));
    otherAdmin = bearer(await tokenFor(['admin'], { supplierId: (await registerTenants(stack.app)).supplierId }));
    languageId = await aLanguage();
    [hero, shared, offerHero, spare] = [await upload(admin), await upload(admin), await upload(admin), await upload(admin)];
    otherPhoto = await upload(otherAdmin);
    tour = await saveTour({ id: 0, nameInternal: 'USE-DUNES', nameDisplay: 'Dunes', languageId, toursCategories: [1], photos: [shared], heroImageId: hero });
    offer = await saveOffer({ id: 0, tourId: tour.id, nameInternal: 'USE-DUNES-STD', nameDisplay: 'Dunes standard', maxNumOfPeople: 5, numberOfHours: 4, photos: [shared], heroImageId: offerHero });
  });
  afterAll(() => stack.stop());

  it('lists where each photo is used, by name, and the tours filter finds the tour of a photo used by it or its offer', async () => {
    const tourRef = [{ id: tour.id, name: 'USE-DUNES' }];
    const offerRef = [{ id: offer.id, name: 'USE-DUNES-STD' }];
    await usageBecomes(shared, { usedInTours: tourRef, usedInOffers: offerRef, usedInCountries: [], usedInWidgets: [] });
    expect(await usageOf(hero)).toMatchObject({ usedInTours: tourRef, usedInOffers: [] });
    expect(await usageOf(offerHero)).toMatchObject({ usedInTours: [], usedInOffers: offerRef });
    expect(await usageOf(spare)).toMatchObject({ usedInTours: [], usedInOffers: [] });

    expect(await toursFilter()).toEqual(tourRef);
    const filtered = await listed({ page: 1, toursIds: [tour.id] });
    expect(filtered.map((p) => p.id).sort((a, b) => a - b)).toEqual([hero, shared, offerHero].sort((a, b) => a - b));
  });

  it('refuses to delete a photo in use with a message naming the tours and offers, even right after the save', async () => {
    const refused = await stack.http.delete(`/api/photos/${shared}`).set(admin);
    expectErrorEnvelope(refused, 400);
    expect(refused.body.ErrorMessage).toBe("The photo cannot be deleted: it is used in tours 'USE-DUNES'; offers 'USE-DUNES-STD'. Remove it there first.");

    // No waiting for the list here: the delete itself waits for the usage projection to reach the save.
    tour = await saveTour({ ...tour, photos: [shared, spare] });
    const justUsed = await stack.http.delete(`/api/photos/${spare}`).set(admin);
    expectErrorEnvelope(justUsed, 400);
    expect(justUsed.body.ErrorMessage).toBe("The photo cannot be deleted: it is used in tours 'USE-DUNES'. Remove it there first.");
  });

  it('follows renames, and a photo taken out of the tour and the offer can be deleted', async () => {
    tour = await saveTour({ ...tour, nameInternal: 'USE-RED-DUNES', photos: [hero, spare] });
    await usageBecomes(hero, { usedInTours: [{ id: tour.id, name: 'USE-RED-DUNES' }] });
    expect(await toursFilter()).toEqual([{ id: tour.id, name: 'USE-RED-DUNES' }]);
    await usageBecomes(shared, { usedInTours: [], usedInOffers: [{ id: offer.id, name: 'USE-DUNES-STD' }] });
    expectErrorEnvelope(await stack.http.delete(`/api/photos/${shared}`).set(admin), 400);

    offer = await saveOffer({ ...offer, photos: [offerHero] });
    const del = await stack.http.delete(`/api/photos/${shared}`).set(admin);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ IsOk: true, Content: null });
  });

  it('a deleted offer or tour (and the offers of a deleted tour) no longer use their photos; restored, they do again', async () => {
    const offerRef = [{ id: offer.id, name: 'USE-DUNES-STD' }];
    expect((await stack.http.delete(`/api/offers/${offer.id}`).set(admin)).status).toBe(200);
    await usageBecomes(offerHero, { usedInOffers: [] });
    expect((await stack.http.post(`/api/offers/${offer.id}/restore`).set(admin)).status).toBe(200);
    await usageBecomes(offerHero, { usedInOffers: offerRef });

    expect((await stack.http.delete(`/api/tours/${tour.id}`).set(admin)).status).toBe(200);
    await usageBecomes(hero, { usedInTours: [] });
    await usageBecomes(offerHero, { usedInOffers: [] });
    expect(await toursFilter()).toEqual([]);
    expect(await listed({ page: 1, toursIds: [tour.id] })).toEqual([]);

    expect((await stack.http.post(`/api/tours/${tour.id}/restore`).set(admin)).status).toBe(200);
    await usageBecomes(hero, { usedInTours: [{ id: tour.id, name: 'USE-RED-DUNES' }] });
    await usageBecomes(offerHero, { usedInOffers: offerRef });
  });

  it("another supplier's tours never show, and each supplier sees only its own photos' usage", async () => {
    const other = await saveTour({ id: 0, nameInternal: 'OTHER-CAMEL', nameDisplay: 'Camels', languageId, toursCategories: [1], photos: [otherPhoto], heroImageId: otherPhoto }, otherAdmin);
    await eventually(async () => ((await toursFilter(otherAdmin)).length ? true : undefined), 10_000, 'the other supplier’s tour');
    expect(await toursFilter(otherAdmin)).toEqual([{ id: other.id, name: 'OTHER-CAMEL' }]);
    expect(await toursFilter()).toEqual([{ id: tour.id, name: 'USE-RED-DUNES' }]);
    expect(await listed({ page: 1, toursIds: [other.id] })).toEqual([]);
    expect((await listed({ page: 1, toursIds: [tour.id] }, otherAdmin)).map((p) => p.id)).toEqual([]);
    // Another supplier's photo cannot be put into a tour in the first place.
    const foreign = await stack.http.put('/api/tours').set(admin).send({ ...tour, photos: [otherPhoto] });
    expectErrorEnvelope(foreign, 400);
  });

  it('a rebuild from the events gives the same usage', async () => {
    const snapshot = () => db('photo_uses').select('photo_id', 'kind', 'ref_id', 'name', 'tour_id', 'supplier_id').orderBy(['photo_id', 'kind', 'ref_id']);
    expect(await waitForProjection(db, stack.store, 'photo_usage', (await stack.store.headPosition())!, 10_000)).toBe(true);
    const before = await snapshot();
    expect(before.filter((r) => [hero, spare, offerHero].includes(r.photo_id))).toHaveLength(3);
    // Emptied first, so only the replay can bring the rows back.
    await db.raw('TRUNCATE ??', [`photo_uses_g${(await db('projection_generations').where({ name: 'photo_usage', status: 'live' }).first()).generation}`]);
    expect(await snapshot()).toEqual([]);
    await rebuildProjection(db, stack.store, photoUsageProjection);
    expect(await snapshot()).toEqual(before);
    expect(await usageOf(hero)).toMatchObject({ usedInTours: [{ id: tour.id, name: 'USE-RED-DUNES' }] });
  });
});
