import { metadataOf, systemContext } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { base64, eventually, newGuid, photoFile, startPhotoStack } from '../support/photos';

interface Photo {
  id: number;
  title: string;
  description: string;
  status: string;
  usedInTours: { id: number; name: string }[];
  usedInCountries: { id: number; name: string }[];
  usedInWidgets: { id: number; name: string }[];
}

describe('photos: library list, edit, delete, usage and tenancy', () => {
  let stack: Awaited<ReturnType<typeof startPhotoStack>>;
  const supplierId = 200_000 + Math.floor(Math.random() * 100_000);
  let admin: Record<string, string>;
  let stranger: Record<string, string>;
  const ids: number[] = [];

  beforeAll(async () => {
    stack = await startPhotoStack();
    admin = bearer(await tokenFor(['admin'], { supplierId }));
    stranger = bearer(await tokenFor(['admin'], { supplierId: supplierId + 1 }));
    const file = await photoFile('png', 64, 48);
    // 26 photos: more than one page of 24.
    for (let i = 0; i < 26; i++) {
      const res = await stack.http.post('/api/photos/upload').set(admin).send({ guid: newGuid(), data: base64(file) });
      expect(res.status).toBe(200);
      ids.push(res.body.Content.id);
    }
  });
  afterAll(() => stack.stop());

  const list = (body: object, headers = admin) => stack.http.post('/api/photos/list').set(headers).send(body);
  const listed = async (body: object, headers = admin) => (await list(body, headers)).body.Content as { entities: Photo[]; pagingInfo: Record<string, number | null> };
  const visible = (body: object, count: number) => eventually(async () => ((await listed(body)).pagingInfo.totalItems === count ? listed(body) : undefined), 10_000, 'list');

  it('lists the supplier’s photos newest first, 24 a page', async () => {
    const first = await visible({ page: 1 }, 26);
    expect(first.entities).toHaveLength(24);
    expect(first.entities.map((p) => p.id)).toEqual([...ids].reverse().slice(0, 24));
    expect(first.pagingInfo).toMatchObject({ currentPage: 1, totalItems: 26, itemsPerPage: 24, totalPages: 2, nextPage: 2, prevPage: null });
    const second = await listed({ page: 2, search: '', toursIds: [] });
    expect(second.entities.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    expect(second.pagingInfo).toMatchObject({ currentPage: 2, nextPage: null, prevPage: 1 });
  });

  it('a page past the last one (its last photo was just deleted) answers the last page, rows and paging alike', async () => {
    await visible({ page: 1 }, 26);
    const past = await listed({ page: 3 });
    expect(past.pagingInfo).toMatchObject({ currentPage: 2, totalPages: 2, from: 25, to: 26 });
    expect(past.entities.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    const far = await listed({ page: 99, search: '', toursIds: [] });
    expect(far.pagingInfo.currentPage).toBe(2);
    expect(far.entities.map((p) => p.id)).toEqual([ids[1], ids[0]]);
  });

  it('edits title and description, answers the updated photo, and searches them', async () => {
    const id = ids[3]!;
    const res = await stack.http.post('/api/photos').set(admin).send({ id, title: '  Dhow cruise at 50% off  ', description: 'Marina_by night' });
    expect(res.status).toBe(200);
    expect(res.body.Content).toMatchObject({ id, title: 'Dhow cruise at 50% off', description: 'Marina_by night', usedInTours: [] });

    const byTitle = await visible({ search: 'dhow CRUISE' }, 1);
    expect(byTitle.entities.map((p) => p.id)).toEqual([id]);
    expect((await listed({ search: 'by night' })).entities.map((p) => p.id)).toEqual([id]);
    // % and _ are literal, not wildcards.
    expect((await listed({ search: '50%' })).entities.map((p) => p.id)).toEqual([id]);
    expect((await listed({ search: 't_5' })).entities).toEqual([]);
    expect((await listed({ search: 'nothing like this' })).pagingInfo.totalItems).toBe(0);
  });

  it('ids: only those photos (the selector’s chosen ones), newest first; another supplier’s ids match nothing', async () => {
    await visible({ page: 1 }, 26);
    const some = await listed({ ids: [ids[0], ids[25], ids[12], 987654321] });
    expect(some.entities.map((p) => p.id)).toEqual([ids[25], ids[12], ids[0]]);
    expect(some.pagingInfo).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 1 });
    expect((await listed({ ids: [ids[0], ids[1]] }, stranger)).entities).toEqual([]);
    expectErrorEnvelope(await list({ ids: ['x'] }), 400);
    expectErrorEnvelope(await list({ ids: Array.from({ length: 501 }, (_, i) => i + 1) }), 400);
  });

  it('refuses bad list and edit input with a 400', async () => {
    expectErrorEnvelope(await list({ page: 'two' }), 400);
    expectErrorEnvelope(await list({ toursIds: 'x' }), 400);
    // Both id lists' caps have their own words (the client translates them), not zod's English default.
    const tooManyTours = await list({ toursIds: Array.from({ length: 501 }, (_, i) => i + 1) });
    expectErrorEnvelope(tooManyTours, 400);
    expect(tooManyTours.body.ErrorMessage).toContain('toursIds holds at most 500 tour ids');
    expectErrorEnvelope(await stack.http.post('/api/photos').set(admin).send({ id: ids[0], title: 'x'.repeat(201) }), 400);
    expectErrorEnvelope(await stack.http.post('/api/photos').set(admin).send({ title: 'no id' }), 400);
  });

  it('another supplier neither sees nor manages the photos', async () => {
    expect((await listed({}, stranger)).entities).toEqual([]);
    const edit = await stack.http.post('/api/photos').set(stranger).send({ id: ids[0], title: 'mine now' });
    expectErrorEnvelope(edit, 404);
    expect(edit.body.ErrorMessage).toBe('Photo not found or you are not allowed to manage it');
    const del = await stack.http.delete(`/api/photos/${ids[0]}`).set(stranger);
    expectErrorEnvelope(del, 404);
    expect(del.body.ErrorMessage).toBe('Photo not found or you are not allowed to manage it');
    expectErrorEnvelope(await stack.http.delete('/api/photos/987654321').set(admin), 404);
  });

  it('usage: tours using photos filter the list; a photo in use cannot be deleted and the message says where', async () => {
    const used = ids[5]!;
    const tourId = 100_000 + Math.floor(Math.random() * 100_000);
    const meta = metadataOf(systemContext('test'));
    await stack.store.appendToStream(
      `tour-${tourId}`,
      [
        { type: 'PhotoUsageRecorded', data: { photoId: used, kind: 'tour', refId: tourId, name: 'Desert safari' } },
        { type: 'PhotoUsageRecorded', data: { photoId: used, kind: 'country', refId: 784, name: 'United Arab Emirates' } },
      ],
      { expectedRevision: 'any', metadata: meta },
    );
    const withTour = await eventually(async () => {
      const page = await listed({ toursIds: [tourId] });
      return page.entities.length === 1 ? page : undefined;
    });
    expect(withTour.entities[0]).toMatchObject({ id: used, usedInTours: [{ id: tourId, name: 'Desert safari' }], usedInCountries: [{ id: 784, name: 'United Arab Emirates' }], usedInWidgets: [] });
    const tours = await stack.http.get('/api/photos/tours').set(admin);
    expect(tours.body.Content).toEqual([{ id: tourId, name: 'Desert safari' }]);
    expect((await stack.http.get('/api/photos/tours').set(stranger)).body.Content).toEqual([]);

    const refused = await stack.http.delete(`/api/photos/${used}`).set(admin);
    expectErrorEnvelope(refused, 400);
    expect(refused.body.ErrorMessage).toBe("The photo cannot be deleted: it is used in tours 'Desert safari'; countries 'United Arab Emirates'. Remove it there first.");

    await stack.store.appendToStream(
      `tour-${tourId}`,
      [
        { type: 'PhotoUsageRemoved', data: { photoId: used, kind: 'tour', refId: tourId } },
        { type: 'PhotoUsageRemoved', data: { photoId: used, kind: 'country', refId: 784 } },
      ],
      { expectedRevision: 'any', metadata: meta },
    );
    await eventually(async () => ((await listed({ toursIds: [tourId] })).entities.length === 0 ? true : undefined));
    const del = await stack.http.delete(`/api/photos/${used}`).set(admin);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ IsOk: true, Content: null });
    await visible({}, 25);
    expect((await listed({ page: 1 })).entities.map((p) => p.id)).not.toContain(used);
    expectErrorEnvelope(await stack.http.delete(`/api/photos/${used}`).set(admin), 404);
  });

  it('agents and operations cannot use the library', async () => {
    expectErrorEnvelope(await list({}, bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 5 }))), 403);
    expectErrorEnvelope(await list({}, bearer(await tokenFor(['operations'], { supplierId }))), 403);
  });
});
