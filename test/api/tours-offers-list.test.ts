import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { metadataOf, systemContext } from '@tbo/kernel';
import { bearer, binary, expectErrorEnvelope, suppliersSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { unusedLanguageCodes } from '../support/reference';
import { addDays, dubaiToday } from '@tbo/scheduling';

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
/** Adult prices under the default account settings (VAT 5 %, 3.65 AED per USD), without net prices. */
const adultPrices = (usdVat: number) => ({
  pricePerAdultRecAedVat: round4(usdVat * 3.65),
  pricePerAdultRecAed: round4((usdVat * 3.65) / 1.05),
  pricePerAdultRecUsdVat: usdVat,
  pricePerAdultRecUsd: round4(usdVat / 1.05),
  netCommissionPerAdult: null,
});

interface ListEntity {
  id: number;
  nameInternal: string;
  offers: { id: number; nameInternal: string; nameDisplay: string; isDeleted: boolean }[];
}

describe('tours with offers: manageList offers column and offerIds filter, manage/{id} offers, options, tours.xlsx, existence checks on save', () => {
  const api = suppliersSuite({ seed: true });
  let languageId: number;
  let categoryId: number;
  let cityId: number;

  const tourBody = (over: Record<string, unknown> = {}) => ({ id: 0, nameInternal: 'T', nameDisplay: 'Tour', languageId, toursCategories: [categoryId], ...over });
  const offerBody = (tourId: number, over: Record<string, unknown> = {}) => ({ id: 0, tourId, nameInternal: 'O', nameDisplay: 'Offer', maxNumOfPeople: 10, numberOfHours: 2, ...over });
  const createTour = async (over: Record<string, unknown> = {}, h = api.admin) => {
    const res = await api.http.post('/api/tours').set(h).send(tourBody(over));
    expect(res.status).toBe(200);
    // An offer's tour is checked against the tours read model.
    await api.settled('tours', res.body.Content.position);
    return res.body.Content as { id: number; position: string; version: number; photos: number[]; heroImageId: number | null };
  };
  const createOffer = async (tourId: number, over: Record<string, unknown> = {}, h = api.admin) => {
    const res = await api.http.post('/api/offers').set(h).send(offerBody(tourId, over));
    expect(res.status).toBe(200);
    return res.body.Content as { id: number; position: string };
  };
  const list = (query: string, h = api.admin) => api.http.get(`/api/tours/manageList?${query}`).set(h);
  const entities = async (query: string, h = api.admin) => {
    const res = await list(query, h);
    expect(res.status).toBe(200);
    return res.body.Content.entities as ListEntity[];
  };
  const offerNames = (e: ListEntity | undefined) => e?.offers.map((o) => o.nameInternal);

  /** A photo of the supplier's library: its upload event appended directly (no image processing needed here). */
  const photoOf = async (owner: number) => {
    const id = 1_500_000_000 + Math.floor(Math.random() * 500_000_000);
    const { position } = await api.store.appendToStream(
      `photo-${id}`,
      [
        {
          type: 'PhotoUploaded',
          data: { id, supplierId: owner, guid: randomUUID(), width: 64, height: 48, format: 'jpeg', bytes: 1000, originalKey: `photos/${id}/original.jpg`, sha256: randomBytes(32).toString('hex') },
        },
      ],
      { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('test')) },
    );
    await api.settled('photos', position);
    return id;
  };

  /** A language of its own (code unique to the run), deleted or not. */
  const newLanguage = async (deleted: boolean) => {
    const [code] = await unusedLanguageCodes(api.db, 1);
    const root = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    const body = { id: 0, name: `Language ${code}`, code, isOffers: true, isDeleted: false, imgUrl: '/flags/xx.svg' };
    const saved = await api.http.post('/api/languages').set(root).send(body);
    expect(saved.status).toBe(200);
    let position = saved.body.Content.position as string;
    if (deleted) {
      const gone = await api.http.post('/api/languages').set(root).send({ ...body, id: saved.body.Content.id, isDeleted: true });
      expect(gone.status).toBe(200);
      position = gone.body.Content.position;
    }
    await api.settled('languages', position);
    return saved.body.Content.id as number;
  };

  beforeAll(async () => {
    languageId = (await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first())?.id ?? (await newLanguage(false));
    categoryId = (await api.db('tour_categories').select('id').orderBy('id').first()).id;
    cityId = (await api.db('cities').select('id').orderBy('id').first()).id;
  });

  it('lists each tour with its offers by internal name, deleted offers only with showDeleted; offerIds keeps tours having one of them', async () => {
    const fresh = await registerTenants(api.app);
    const h = bearer(await tokenFor(['editor'], { supplierId: fresh.supplierId }));
    const alpha = await createTour({ nameInternal: 'Alpha' }, h);
    const bravo = await createTour({ nameInternal: 'Bravo' }, h);
    await createTour({ nameInternal: 'Charlie' }, h);
    const zeta = await createOffer(alpha.id, { nameInternal: 'zeta', nameDisplay: 'Zeta display' }, h);
    const beta = await createOffer(alpha.id, { nameInternal: 'Beta', nameDisplay: 'Beta display' }, h);
    const gamma = await createOffer(bravo.id, { nameInternal: 'gamma', nameDisplay: 'Gamma display' }, h);
    const ab = await createOffer(alpha.id, { nameInternal: 'ab', nameDisplay: 'Ab display' }, h);

    const first = await entities(`after=${ab.position}`, h);
    expect(first.map((e) => e.nameInternal)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(first[0]).toEqual({
      id: alpha.id,
      nameInternal: 'Alpha',
      nameDisplay: 'Tour',
      languageId,
      languageName: expect.any(String),
      isTopTour: false,
      isDeleted: false,
      offers: [
        { id: ab.id, nameInternal: 'ab', nameDisplay: 'Ab display', isDeleted: false },
        { id: beta.id, nameInternal: 'Beta', nameDisplay: 'Beta display', isDeleted: false },
        { id: zeta.id, nameInternal: 'zeta', nameDisplay: 'Zeta display', isDeleted: false },
      ],
    });
    expect(first[1]!.offers).toEqual([{ id: gamma.id, nameInternal: 'gamma', nameDisplay: 'Gamma display', isDeleted: false }]);
    expect(first[2]!.offers).toEqual([]);
    // Every sort pages the same way (the page's ids first, then their columns and offers).
    expect((await entities('sortField=id&sortType=DESC', h)).map((e) => e.nameInternal)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    for (const sortField of ['nameDisplay', 'languageName', 'isTopTour']) {
      const sorted = await entities(`sortField=${sortField}`, h);
      expect(sorted.map((e) => e.id).sort()).toEqual(first.map((e) => e.id).sort());
      expect(offerNames(sorted.find((e) => e.id === alpha.id))).toEqual(['ab', 'Beta', 'zeta']);
    }

    // A deleted offer: hidden unless showDeleted (the offer's save position is waited for on both read models).
    const del = await api.http.delete(`/api/offers/${zeta.id}`).set(h);
    expect(del.status).toBe(200);
    const hidden = await entities(`after=${del.body.Content.position}`, h);
    expect(offerNames(hidden[0])).toEqual(['ab', 'Beta']);
    const shown = await entities('showDeleted=true', h);
    expect(shown[0]!.offers.at(-1)).toEqual({ id: zeta.id, nameInternal: 'zeta', nameDisplay: 'Zeta display', isDeleted: true });

    // offerIds
    expect((await entities(`offerIds=${gamma.id}`, h)).map((e) => e.id)).toEqual([bravo.id]);
    expect((await entities(`offerIds=${beta.id},${gamma.id}`, h)).map((e) => e.id)).toEqual([alpha.id, bravo.id]);
    expect((await entities(`offerIds=${beta.id}&offerIds=${ab.id}`, h)).map((e) => e.id)).toEqual([alpha.id]);
    expect(await entities(`offerIds=${zeta.id}`, h)).toEqual([]);
    expect((await entities(`offerIds=${zeta.id}&showDeleted=true`, h)).map((e) => e.id)).toEqual([alpha.id]);
    expect(await entities('offerIds=987654321', h)).toEqual([]);
    // Another supplier filtering on these offers sees none of the tours.
    expect(await entities(`offerIds=${beta.id},${gamma.id}`, api.otherAdmin)).toEqual([]);

    // A restored offer is back.
    const back = await api.http.post(`/api/offers/${zeta.id}/restore`).set(h);
    expect(offerNames((await entities(`after=${back.body.Content.position}`, h))[0])).toEqual(['ab', 'Beta', 'zeta']);
  });

  it('answers manage/{id} with every offer of the tour and its summary valid period (the next to start, not the one ending last)', async () => {
    const tour = await createTour({ nameInternal: 'Summary tour' });
    const empty = await api.http.get(`/api/tours/manage/${tour.id}?after=${tour.position}`).set(api.admin);
    expect(empty.body.Content.offers).toEqual([]);

    const priced = await createOffer(tour.id, { nameInternal: 'B-priced', nameDisplay: 'Priced', bookingType: 0 });
    const plain = await createOffer(tour.id, { nameInternal: 'a-plain', nameDisplay: 'Plain', bookingType: 2 });
    const period = (over: Record<string, unknown>) => ({ id: 0, offerId: priced.id, minimumAdvancedPayment: 0, ...adultPrices(100), ...over });
    // Dates from today, so the rule holds whenever this runs: neither period is in force yet.
    const day = (n: number) => `${addDays(dubaiToday(), n)}T08:00:00.000Z`;
    const later = await api.http.post('/api/validperiods').set(api.admin).send(period({ periodStart: day(31), periodEnd: day(62) }));
    expect(later.status).toBe(200);
    const earlier = await api.http.post('/api/validperiods').set(api.admin).send(period({ periodStart: day(1), periodEnd: day(31), ...adultPrices(200) }));
    expect(earlier.status).toBe(200);
    const del = await api.http.delete(`/api/offers/${plain.id}`).set(api.admin);

    const read = await api.http.get(`/api/tours/manage/${tour.id}?after=${del.body.Content.position}`).set(api.admin);
    expect(read.status).toBe(200);
    expect(read.body.Content.offers).toEqual([
      { id: plain.id, tourId: tour.id, nameInternal: 'a-plain', nameDisplay: 'Plain', isDeleted: true, bookingType: 2, pricePerAdultRecUsd: null, pricePerChildRecUsd: null, pricePerTripRecUsd: null, periodEnd: null },
      {
        id: priced.id,
        tourId: tour.id,
        nameInternal: 'B-priced',
        nameDisplay: 'Priced',
        isDeleted: false,
        bookingType: 0,
        pricePerAdultRecUsd: adultPrices(200).pricePerAdultRecUsd,
        pricePerChildRecUsd: null,
        pricePerTripRecUsd: null,
        periodEnd: day(31),
      },
    ]);
    // The same summary the offer itself answers.
    const offer = (await api.http.get(`/api/offers/manage/${priced.id}?after=${earlier.body.Content.position}`).set(api.admin)).body.Content;
    expect(offer).toMatchObject({ pricePerAdultRecUsd: adultPrices(200).pricePerAdultRecUsd, periodEnd: day(31) });

    // Re-pricing the summary period moves the summary; re-pricing a later one does not; one in force today wins.
    // Changing a saved period sends the offer's version the editor holds (here: after the earlier period's save).
    const repriced = await api.http.post('/api/validperiods').set(api.admin).send({ ...earlier.body.Content, ...adultPrices(300), version: earlier.body.Content.version });
    expect(repriced.status).toBe(200);
    let offers = (await api.http.get(`/api/tours/manage/${tour.id}?after=${repriced.body.Content.position}`).set(api.admin)).body.Content.offers;
    expect(offers[1]).toMatchObject({ pricePerAdultRecUsd: adultPrices(300).pricePerAdultRecUsd, periodEnd: day(31) });
    const laterRepriced = await api.http.post('/api/validperiods').set(api.admin).send({ ...later.body.Content, ...adultPrices(400), version: repriced.body.Content.version });
    offers = (await api.http.get(`/api/tours/manage/${tour.id}?after=${laterRepriced.body.Content.position}`).set(api.admin)).body.Content.offers;
    expect(offers[1]).toMatchObject({ pricePerAdultRecUsd: adultPrices(300).pricePerAdultRecUsd, periodEnd: day(31) });
    const today = await api.http.post('/api/validperiods').set(api.admin).send(period({ periodStart: day(-10), periodEnd: day(1), ...adultPrices(50) }));
    offers = (await api.http.get(`/api/tours/manage/${tour.id}?after=${today.body.Content.position}`).set(api.admin)).body.Content.offers;
    expect(offers[1]).toMatchObject({ pricePerAdultRecUsd: adultPrices(50).pricePerAdultRecUsd, periodEnd: day(1) });

    // A tour save answers the offers too, and another supplier never sees them.
    const current = (await api.http.get(`/api/tours/manage/${tour.id}`).set(api.admin)).body.Content;
    const saved = await api.http.put('/api/tours').set(api.admin).send({ ...current, nameDisplay: 'Summary tour, renamed' });
    expect(saved.status).toBe(200);
    expect(saved.body.Content.offers).toEqual(offers);
    expectErrorEnvelope(await api.http.get(`/api/tours/manage/${tour.id}`).set(api.otherAdmin), 404);
  });

  it('answers the filter options: the supplier’s tours and offers that are not deleted, by name, never another supplier’s', async () => {
    const fresh = await registerTenants(api.app);
    const h = bearer(await tokenFor(['admin'], { supplierId: fresh.supplierId }));
    const mike = await createTour({ nameInternal: 'mike' }, h);
    const lima = await createTour({ nameInternal: 'Lima' }, h);
    const gone = await createTour({ nameInternal: 'Kilo' }, h);
    const delTour = await api.http.delete(`/api/tours/${gone.id}`).set(h);
    const theirs = await createTour({ nameInternal: 'Juliet' }, api.otherAdmin);
    const o1 = await createOffer(mike.id, { nameInternal: 'x-ray' }, h);
    const o2 = await createOffer(lima.id, { nameInternal: 'Whiskey' }, h);
    const o3 = await createOffer(lima.id, { nameInternal: 'victor' }, h);
    const delOffer = await api.http.delete(`/api/offers/${o3.id}`).set(h);
    const theirOffer = await createOffer(theirs.id, { nameInternal: 'uniform' }, api.otherAdmin);

    const tours = await api.http.get(`/api/tours/options?after=${delTour.body.Content.position}`).set(h);
    expect(tours.status).toBe(200);
    expect(tours.body.Content).toEqual([
      { id: lima.id, name: 'Lima' },
      { id: mike.id, name: 'mike' },
    ]);
    const offers = await api.http.get(`/api/offers/options?after=${delOffer.body.Content.position}`).set(h);
    expect(offers.status).toBe(200);
    expect(offers.body.Content).toEqual([
      { id: o2.id, name: 'Whiskey', tourId: lima.id },
      { id: o1.id, name: 'x-ray', tourId: mike.id },
    ]);
    expect((await api.http.get(`/api/offers/options?tourIds=${mike.id}`).set(h)).body.Content).toEqual([{ id: o1.id, name: 'x-ray', tourId: mike.id }]);
    expect((await api.http.get(`/api/offers/options?tourIds=${theirs.id}`).set(h)).body.Content).toEqual([]);

    const theirTours = (await api.http.get(`/api/tours/options?after=${theirOffer.position}`).set(api.otherAdmin)).body.Content as { id: number }[];
    expect(theirTours.map((t) => t.id)).toContain(theirs.id);
    expect(theirTours.map((t) => t.id)).not.toContain(mike.id);
    const theirOffers = (await api.http.get('/api/offers/options').set(api.otherAdmin)).body.Content as { id: number }[];
    expect(theirOffers.map((o) => o.id)).toContain(theirOffer.id);
    expect(theirOffers.map((o) => o.id)).not.toContain(o1.id);

    for (const role of ['agent', 'operations'] as const) {
      const no = bearer(await tokenFor([role]));
      expectErrorEnvelope(await api.http.get('/api/tours/options').set(no), 403);
      expectErrorEnvelope(await api.http.get('/api/offers/options').set(no), 403);
    }
    expectErrorEnvelope(await api.http.get('/api/offers/options?tourIds=abc').set(h), 400);
  });

  it('exports tours.xlsx with an Offers column matching the list', async () => {
    const fresh = await registerTenants(api.app);
    const h = bearer(await tokenFor(['admin'], { supplierId: fresh.supplierId }));
    const a = await createTour({ nameInternal: 'Oscar' }, h);
    await createTour({ nameInternal: 'Papa' }, h);
    await createOffer(a.id, { nameInternal: 'two' }, h);
    const one = await createOffer(a.id, { nameInternal: 'One' }, h);
    const del = await api.http.delete(`/api/offers/${one.id}`).set(h);

    const sheet = async (query: string, lang = 'en') => {
      const res = await api.http.get(`/api/tours/export?${query}`).set(h).set('Accept-Language', lang).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as ArrayBuffer);
      const ws = wb.getWorksheet(lang === 'ru' ? 'Туры' : 'Tours')!;
      return Array.from({ length: ws.rowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1));
    };
    const rows = await sheet(`after=${del.body.Content.position}`);
    expect(rows[0]).toEqual(['Id', 'Internal name', 'Display name', 'Language', 'Offers', 'Top tour', 'Deleted']);
    const listed = await entities('', h);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4] ?? ''])).toEqual(listed.map((e) => [e.id, e.nameInternal, e.offers.map((o) => o.nameInternal).join(', ')]));
    expect(rows[1]![4]).toBe('two');
    const withDeleted = await sheet('showDeleted=true');
    expect(withDeleted[1]![4]).toBe('One, two');
    // From a Russian screen: Russian titles and yes/no, the same tours.
    const ru = await sheet('showDeleted=true', 'ru');
    expect(ru[0]).toEqual(['№', 'Код тура', 'Название', 'Язык', 'Предложения', 'Топ-тур', 'Удалён']);
    expect(ru.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual(withDeleted.slice(1).map((r) => [r[0], 'Нет', 'Нет']));
    // The language by its ISO code's Russian name, as the Russian tours list says it ('Английский', not 'English').
    const { code, name } = await api.db('languages').where({ id: languageId }).first('code', 'name');
    const russian = new Intl.DisplayNames(['ru'], { type: 'language', fallback: 'none' }).of(code);
    expect(ru[1]![3]).toBe(russian ? russian.charAt(0).toLocaleUpperCase('ru') + russian.slice(1) : name);
    expect(withDeleted[1]![3]).toBe(name);
  });

  describe('refuses references that do not exist', () => {
    it.each([
      ['languageId', { languageId: 987_654_321 }, 'Language is required'],
      ['cityId', () => ({ cityId: 987_654_321 }), 'City not found'],
      ['toursCategories', () => ({ toursCategories: [categoryId, 987_654_321] }), 'Tour category not found'],
    ] as [string, Record<string, unknown> | (() => Record<string, unknown>), string][])('a tour with an unknown %s', async (field, over, message) => {
      const res = await api.http.post('/api/tours').set(api.admin).send(tourBody(typeof over === 'function' ? over() : over));
      expectErrorEnvelope(res, 400);
      expect(res.body.Content.errors[field]).toEqual([message]);
      expect(res.body.ErrorMessage).toContain(message);
    });

    it('a tour in a deleted language, reported with the other field errors', async () => {
      const gone = await newLanguage(true);
      const res = await api.http.post('/api/tours').set(api.admin).send(tourBody({ languageId: gone, nameInternal: '', cityId: 987_654_321 }));
      expectErrorEnvelope(res, 400);
      expect(res.body.Content.errors).toMatchObject({ nameInternal: ['Tour code is required'], languageId: ['Language is required'], cityId: ['City not found'] });
    });

    it('photos and a hero image of another supplier; a hero missing from the photos is added to them', async () => {
      const mine = await photoOf(api.supplierId);
      const mine2 = await photoOf(api.supplierId);
      const theirs = await photoOf(api.otherSupplierId);
      const badPhotos = await api.http.post('/api/tours').set(api.admin).send(tourBody({ photos: [mine, theirs] }));
      expectErrorEnvelope(badPhotos, 400);
      expect(badPhotos.body.Content.errors).toEqual({ photos: ['Photo not found in your media library'] });
      const badHero = await api.http.post('/api/tours').set(api.admin).send(tourBody({ photos: [mine], heroImageId: theirs }));
      expectErrorEnvelope(badHero, 400);
      expect(badHero.body.Content.errors).toEqual({ heroImageId: ['Hero image not found in your media library'] });
      const unknown = await api.http.post('/api/tours').set(api.admin).send(tourBody({ photos: [987_654_321] }));
      expect(unknown.body.Content.errors).toEqual({ photos: ['Photo not found in your media library'] });

      const ok = await createTour({ photos: [mine], heroImageId: mine2 });
      expect(ok).toMatchObject({ photos: [mine, mine2], heroImageId: mine2 });
      const read = await api.http.get(`/api/tours/manage/${ok.id}?after=${ok.position}`).set(api.admin);
      expect(read.body.Content).toMatchObject({ photos: [mine, mine2], heroImageId: mine2 });

      // Offers: the same rule for their photos.
      const offerBad = await api.http.post('/api/offers').set(api.admin).send(offerBody(ok.id, { photos: [theirs] }));
      expectErrorEnvelope(offerBad, 400);
      expect(offerBad.body.Content.errors).toEqual({ photos: ['Photo not found in your media library'] });
      const offerOk = await api.http.post('/api/offers').set(api.admin).send(offerBody(ok.id, { heroImageId: mine }));
      expect(offerOk.status).toBe(200);
      expect(offerOk.body.Content).toMatchObject({ photos: [mine], heroImageId: mine });
    });

    it('an offer with an origin city that does not exist', async () => {
      const tour = await createTour();
      const bad = await api.http.post('/api/offers').set(api.admin).send(offerBody(tour.id, { origin: [cityId, 987_654_321], nameDisplay: '' }));
      expectErrorEnvelope(bad, 400);
      expect(bad.body.Content.errors).toEqual({ nameDisplay: ['Ticket display name is required'], origin: ['Origin city not found'] });
      const ok = await api.http.post('/api/offers').set(api.admin).send(offerBody(tour.id, { origin: [cityId] }));
      expect(ok.status).toBe(200);
      expect(ok.body.Content.origin).toEqual([cityId]);
    });
  });
});
