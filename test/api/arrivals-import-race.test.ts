import { metadataOf, systemContext } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { roomingWorkbook, XLSX } from '../support/arrivals';
import { registerTenants } from '../support/identity';

/** A rooming list of `n` guests. */
function roomingList(n: number, prefix: string): Promise<Buffer> {
  const today = dubaiToday();
  const rows = Array.from({ length: n }, (_, k) => [`${prefix}${k + 1}`, `Guest ${prefix}${k + 1}`, 900 + Math.ceil((k + 1) / 4), today, addDays(today, 3)]);
  return roomingWorkbook(['Pax Id', 'Tourist Name', 'Group Id', 'Arrival Date', 'Departure Date'], rows);
}

describe('arrivals import: one list per name (README), whoever imports it and when', () => {
  const api = apiSuite();
  let supplierId: number;
  let first: Record<string, string>;
  let second: Record<string, string>;

  const importing = (name: string, file: Buffer, headers: Record<string, string>, preview = false) =>
    api.http.post(`/api/arrivals/import${preview ? '/preview' : ''}?name=${encodeURIComponent(name)}`).set(headers).set('Content-Type', XLSX).send(file);
  const lists = async (): Promise<{ id: number; name: string; count: number }[]> => {
    await api.settled('arrivals', (await api.store.headPosition())!);
    return (await api.http.get('/api/arrivals/lists').set(first)).body.Content;
  };

  beforeAll(async () => {
    ({ supplierId } = await registerTenants(api.app));
    // Two people of one supplier.
    first = bearer(await tokenFor(['arrivalsmanager'], { supplierId, email: `arrivals-race-1-${supplierId}@example.com` }));
    second = bearer(await tokenFor(['arrivalsmanager'], { supplierId, email: `arrivals-race-2-${supplierId}@example.com` }));
  });

  it('two imports of a new list of one name at the same moment make one list: the other is refused with 409', async () => {
    const file = await roomingList(30, 'RC');
    const answers = await Promise.all([importing('ReviewRace', file, first), importing('ReviewRace', file, second)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expectErrorEnvelope(refused, 409);
    expect(refused.body.ErrorMessage).toBe("A list named 'ReviewRace' already exists: import into it");
    const made = answers.find((r) => r.status === 200)!.body.Content as { listId: number; added: number };
    expect(made.added).toBe(30);
    expect((await lists()).filter((l) => l.name.toLowerCase() === 'reviewrace').map((l) => [l.id, l.count])).toEqual([[made.listId, 30]]);
  });

  it('an import of a new list named as an existing one (any case, outer spaces) is refused, at the preview already; into the list it is taken', async () => {
    const file = await roomingList(4, 'SQ');
    const done = await importing('Sequential list', file, first);
    expect(done.status).toBe(200);
    const listId = done.body.Content.listId as number;
    for (const name of ['Sequential list', ' SEQUENTIAL LIST ']) {
      for (const preview of [true, false]) {
        const res = await importing(name, file, second, preview);
        expectErrorEnvelope(res, 409);
        expect(res.body.ErrorMessage).toBe(`A list named '${name.trim()}' already exists: import into it`);
      }
    }
    const into = await api.http.post(`/api/arrivals/import?listId=${listId}`).set(second).set('Content-Type', XLSX).send(file);
    expect(into.status).toBe(200);
    expect(into.body.Content).toMatchObject({ listId, imported: true, unchanged: 4 });
    expect((await lists()).filter((l) => l.name.toLowerCase() === 'sequential list').map((l) => l.id)).toEqual([listId]);
  });

  it('a new list may not take the name of the manual-entry list, nor a first manual entry make a second list of an imported one', async () => {
    const manual = await api.http.post('/api/arrivals/manual').set(first).send({ listId: 0, listName: '', paxId: 'M1', touristName: 'Manual Guest' });
    expect(manual.status).toBe(200);
    const res = await importing('manual entries', await roomingList(2, 'ME'), second);
    expectErrorEnvelope(res, 409);
    const imported = await importing('Named by file', await roomingList(2, 'NF'), first);
    expect(imported.status).toBe(200);
    const entry = await api.http.post('/api/arrivals/manual').set(second).send({ listId: 0, listName: 'NAMED BY FILE', paxId: 'M2', touristName: 'Into the imported list' });
    expect(entry.status).toBe(200);
    expect(entry.body.Content.listId).toBe(imported.body.Content.listId);
    const names = (await lists()).map((l) => l.name.toLowerCase());
    expect(names.filter((n) => n === 'manual entries')).toHaveLength(1);
    expect(names.filter((n) => n === 'named by file')).toHaveLength(1);
  });

  it('a list made before imports reserved their names (no reservation, only the lists table) keeps its name', async () => {
    const listId = 9_000_000 + supplierId;
    await api.store.appendToStream(`arrivallist-${listId}`, [{ type: 'ArrivalListCreated', data: { listId, supplierId, name: 'Older List' } }], { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('test')) });
    const res = await importing('older list', await roomingList(2, 'OL'), second);
    expectErrorEnvelope(res, 409);
    expect(res.body.ErrorMessage).toBe("A list named 'older list' already exists: import into it");
    expect((await lists()).filter((l) => l.name.toLowerCase() === 'older list').map((l) => l.id)).toEqual([listId]);
  });
});
