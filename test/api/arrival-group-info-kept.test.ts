import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';

/** POST /api/arrivals/groupinfo with some fields left out: they keep the group's stored values; null or empty clears. */
describe('arrivals: a group info save keeps the fields it leaves out', () => {
  const api = apiSuite();
  const today = dubaiToday();
  let h: Record<string, string>;
  let hotelId: number;
  let last: string | null = null;

  const post = async (path: string, body: object) => {
    const res = await api.http.post(path).set(h).send(body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    last = res.body.Content.position ?? last;
    return res.body.Content;
  };
  const group = async (groupId: number) => (await api.http.get(`/api/arrivals/groups/${groupId}${last ? `?after=${last}` : ''}`).set(h)).body.Content;
  const full = (groupId: number) => ({
    groupId,
    status: 0,
    notes: 'Pick up at 9, two kids',
    phoneNumbers: ['+971501111111'],
    hotels: [{ hotelId, roomNumber: '101' }],
    meetings: [{ date: today, staffId: null, timeStart: 600, timeEnd: 660, isNoTime: false }],
    version: null,
  });
  /** A group with arrivals of the supplier (a save asks the arrivals table) and its info saved whole. */
  const savedGroup = async (groupId: number) => {
    await post('/api/arrivals/manual', { listName: 'Kept', paxId: `K${groupId}`, touristName: `Guest ${groupId}`, groupId, hotelId, arrivalDate: today, departureDate: addDays(today, 3) });
    await api.settled('arrivals', last!);
    return (await post('/api/arrivals/groupinfo', full(groupId))).version as number;
  };
  const kept = () => ({ notes: 'Pick up at 9, two kids', phoneNumbers: ['+971501111111'], hotels: [{ hotelId, roomNumber: '101' }], meetings: [{ date: today, timeStart: 600, timeEnd: 660, isNoTime: false }] });

  beforeAll(async () => {
    await seedDemo(api.app);
    hotelId = (await api.db('hotels').orderBy('id').first<{ id: number }>('id')).id;
    const { supplierId } = await registerTenants(api.app);
    h = bearer(await tokenFor(['arrivalsmanager'], { supplierId, fullName: 'Anna Manager' }));
  });

  it('a save of the status alone (with or without its version) keeps notes, hotels, meetings and phones', async () => {
    const version = await savedGroup(980001);
    expect((await post('/api/arrivals/groupinfo', { groupId: 980001, status: 6, version })).version).toBe(version + 1);
    expect(await group(980001)).toMatchObject({ ...kept(), status: 6, version: version + 1 });
    await post('/api/arrivals/groupinfo', { groupId: 980001, status: 4 });
    expect(await group(980001)).toMatchObject({ ...kept(), status: 4 });
  });

  it('a field sent empty or null still clears it, the others left out being kept', async () => {
    const version = await savedGroup(980002);
    await post('/api/arrivals/groupinfo', { groupId: 980002, notes: '', hotels: [], version });
    expect(await group(980002)).toMatchObject({ status: 0, notes: '', hotels: [], phoneNumbers: kept().phoneNumbers, meetings: kept().meetings });
    await post('/api/arrivals/groupinfo', { groupId: 980002, phoneNumbers: null, meetings: [] });
    expect(await group(980002)).toMatchObject({ status: 0, notes: '', hotels: [], phoneNumbers: [], meetings: [] });
  });

  it('a group with no info yet starts from the empty one for what is left out', async () => {
    await post('/api/arrivals/manual', { listName: 'Kept', paxId: 'K980003', touristName: 'Guest new', groupId: 980003, hotelId, arrivalDate: today, departureDate: addDays(today, 3) });
    await api.settled('arrivals', last!);
    expect((await post('/api/arrivals/groupinfo', { groupId: 980003, notes: 'First call', version: null })).version).toBe(0);
    expect(await group(980003)).toMatchObject({ status: 0, notes: 'First call', hotels: [], phoneNumbers: [], meetings: [], version: 0 });
  });
});
