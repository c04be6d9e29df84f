import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { roomingWorkbook, XLSX } from '../support/arrivals';


interface Page {
  entities: { paxId: string }[];
  pagingInfo: { currentPage: number; totalItems: number; totalPages: number; from: number; to: number };
}

describe('arrivals list: a page past the end answers the last page', () => {
  const api = apiSuite();
  let h: Record<string, string>;
  let position: string | null = null;

  const page = async (body: Record<string, unknown>): Promise<Page> => {
    const res = await api.http.post('/api/arrivals/filtered').set(h).send({ inHouse: false, statuses: [0, 3, 4, 5, 6, -1], orderBy: 'id', orderType: 'ASC', ...(position ? { after: position } : {}), ...body });
    expect(res.status).toBe(200);
    return res.body.Content;
  };

  beforeAll(async () => {
    const { supplierId } = await registerTenants(api.app);
    h = bearer(await tokenFor(['arrivalsmanager'], { supplierId }));
    const today = dubaiToday();
    const rows = Array.from({ length: 74 }, (_, k) => [`P${String(k + 1).padStart(3, '0')}`, `Guest ${k + 1}`, 700 + Math.ceil((k + 1) / 4), today, addDays(today, 3)]);
    const file = await roomingWorkbook(['Pax Id', 'Tourist Name', 'Group Id', 'Arrival Date', 'Departure Date'], rows);
    const res = await api.http.post('/api/arrivals/import?name=Paging').set(h).set('Content-Type', XLSX).send(file);
    expect(res.status).toBe(200);
    position = res.body.Content.position;
  });

  it('page 5 of 74 rows by 20 (the list shrank while the user was on it) answers page 4 with its 14 rows', async () => {
    const past = await page({ page: 5, pageSize: 20 });
    expect(past.pagingInfo).toMatchObject({ currentPage: 4, totalItems: 74, totalPages: 4, from: 61, to: 74 });
    expect(past.entities.map((r) => r.paxId)).toEqual((await page({ page: 4, pageSize: 20 })).entities.map((r) => r.paxId));
    expect(past.entities).toHaveLength(14);
    expect(past.entities[0]!.paxId).toBe('P061');
  });

  it('a page past the end of a filter that finds nothing answers the one empty page', async () => {
    const none = await page({ page: 3, pageSize: 20, groupId: 1 });
    expect(none).toEqual({ entities: [], pagingInfo: expect.objectContaining({ currentPage: 1, totalItems: 0, from: 0, to: 0 }) });
  });
});
