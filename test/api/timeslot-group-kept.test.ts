import { suppliersSuite } from '../support/api';

/** PUT /api/timeslots/group with fields left out: an update keeps the group's stored values; a create takes the defaults. */
describe('time slots: a group update keeps the fields it leaves out', () => {
  const api = suppliersSuite();
  let pickUpTimeId: number;

  const save = async (method: 'post' | 'put', body: Record<string, unknown>) => {
    const res = await api.http[method]('/api/timeslots/group').set(api.admin).send(body);
    if (res.status !== 200) throw new Error(`${method} group: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.Content as { id: number; version: number; name: string; capacity: number; minimumAdvancedBooking: number; pickUpTimeId: number | null; isTimeSlotsIndependant: boolean };
  };
  const read = async (id: number, after: string) => (await api.http.get(`/api/timeslots/groups/${id}?after=${after}`).set(api.admin)).body.Content;

  beforeAll(async () => {
    const res = await api.http.post('/api/pickuptimes').set(api.admin).send({ id: 0, name: 'Kept pick-up', isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] });
    pickUpTimeId = res.body.Content.id;
  });

  it('a PUT of the name and capacity without a version keeps minimumAdvancedBooking, pickUpTimeId and isTimeSlotsIndependant', async () => {
    const group = await save('post', { id: 0, name: 'Dune bashing', capacity: 20, minimumAdvancedBooking: 5, pickUpTimeId, isTimeSlotsIndependant: true });
    const put = await api.http.put('/api/timeslots/group').set(api.admin).send({ id: group.id, name: 'Dune bashing XL', capacity: 10 });
    expect(put.status).toBe(200);
    const kept = { id: group.id, name: 'Dune bashing XL', capacity: 10, minimumAdvancedBooking: 5, pickUpTimeId, isTimeSlotsIndependant: true, version: group.version + 1 };
    expect(put.body.Content).toMatchObject(kept);
    expect(await read(group.id, put.body.Content.position)).toMatchObject(kept);
  });

  it('with its version too; null still clears a field, and a create without them takes the defaults', async () => {
    const group = await save('post', { id: 0, name: 'Camel ride', capacity: 8, minimumAdvancedBooking: 3, pickUpTimeId });
    const renamed = await save('put', { id: group.id, version: group.version, name: 'Camel ride at dusk' });
    expect(renamed).toMatchObject({ name: 'Camel ride at dusk', capacity: 8, minimumAdvancedBooking: 3, pickUpTimeId });
    expect(await save('put', { id: group.id, version: renamed.version, pickUpTimeId: null, minimumAdvancedBooking: null })).toMatchObject({ capacity: 8, minimumAdvancedBooking: 0, pickUpTimeId: null });
    expect(await save('post', { id: 0, name: 'Sandboarding', capacity: 6 })).toMatchObject({ minimumAdvancedBooking: 0, pickUpTimeId: null, isTimeSlotsIndependant: false });
  });
});
