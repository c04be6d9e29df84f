import { CommandBus } from '@nestjs/cqrs';
import { SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';

type Guest = { arrivalId: number; guestName: string; groupInfoId: number | null };

/**
 * An agency's guests at a supplier that does not contract it (suspended the contract) are that supplier's business:
 * the agent's booking form must not show their names, rooms or phones.
 */
describe('in-house guests only of suppliers that contract the agency: /api/agent/customers/inHouse and /groupInfo', () => {
  const api = apiSuite();
  const today = dubaiToday();
  let hotelId: number;
  let agencyId: number;
  let agent: Record<string, string>;
  let admin: Record<string, string>;
  const groupInfoIds: Record<'contracted' | 'uncontracted', number> = { contracted: 0, uncontracted: 0 };

  const content = async <T>(res: Promise<{ status: number; body: { Content: T } }>) => {
    const r = await res;
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.Content;
  };
  const inHouse = async () => content<Guest[]>(api.http.get('/api/agent/customers/inHouse').query({ hotelId, date: today }).set(agent));
  const groupInfo = (id: number) => api.http.get('/api/agent/customers/groupInfo').query({ hotelId, groupInfoId: id }).set(agent);

  /** A guest of the agency at the supplier, in house today, with a room and a phone on its group. */
  const guestAt = async (manager: Record<string, string>, name: string, groupId: number) => {
    const added = await content<{ position: string }>(
      api.http.post('/api/arrivals/manual').set(manager).send({ listName: 'Contracts', paxId: `P${groupId}`, touristName: name, groupId, hotelId, agencyId, arrivalDate: today, departureDate: addDays(today, 3) }),
    );
    expect(await api.settled('arrivals', added.position)).toBe(true);
    const saved = await content<{ groupInfoId: number; position: string }>(
      api.http.post('/api/arrivals/groupinfo').set(manager).send({ groupId, status: 0, notes: '', phoneNumbers: ['+971502222222'], hotels: [{ hotelId, roomNumber: '808' }], meetings: [] }),
    );
    expect(await api.settled('arrivals', saved.position)).toBe(true);
    return saved.groupInfoId;
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    hotelId = (await api.db('hotels').select('id').orderBy('id').first<{ id: number }>()).id;
    const contracting = await registerTenants(api.app);
    const stranger = await registerTenants(api.app);
    agencyId = contracting.agencyId;
    await api.app.get(CommandBus).execute(new SignContractCommand(contracting.supplierId, agencyId, null, systemContext('test')));
    expect(await api.settled('contracts', (await api.store.headPosition())!)).toBe(true);
    admin = bearer(await tokenFor(['admin'], { supplierId: contracting.supplierId }));
    agent = bearer(await tokenFor(['agent'], { agencyId, supplierId: null }));
    groupInfoIds.contracted = await guestAt(bearer(await tokenFor(['arrivalsmanager'], { supplierId: contracting.supplierId })), 'Guest Contracted', 710);
    // The other supplier named the agency on its list while it had a contract with it, then suspended the contract
    // (an arrival can name only an agency its supplier has a contract with).
    await api.app.get(CommandBus).execute(new SignContractCommand(stranger.supplierId, agencyId, null, systemContext('test')));
    expect(await api.settled('contracts', (await api.store.headPosition())!)).toBe(true);
    groupInfoIds.uncontracted = await guestAt(bearer(await tokenFor(['arrivalsmanager'], { supplierId: stranger.supplierId })), 'Guest Uncontracted', 711);
    const suspended = await content<{ position: string }>(api.http.post(`/api/contracts/${agencyId}/suspend`).set(bearer(await tokenFor(['admin'], { supplierId: stranger.supplierId }))));
    expect(await api.settled('contracts', suspended.position)).toBe(true);
  });

  it("shows an agent only the guests of suppliers that contract the agency, and no room or phone of the others'", async () => {
    expect((await inHouse()).map((g) => g.guestName)).toEqual(['Guest Contracted']);
    expect(await content(groupInfo(groupInfoIds.contracted))).toEqual({ roomNumber: '808', phoneNumbers: ['+971502222222'] });
    expectErrorEnvelope(await groupInfo(groupInfoIds.uncontracted), 404);
  });

  it("hides the supplier's guests while the contract is suspended, and shows them again once resumed", async () => {
    const suspended = await content<{ position: string }>(api.http.post(`/api/contracts/${agencyId}/suspend`).set(admin));
    expect(await api.settled('contracts', suspended.position)).toBe(true);
    expect(await inHouse()).toEqual([]);
    expectErrorEnvelope(await groupInfo(groupInfoIds.contracted), 404);

    const resumed = await content<{ position: string }>(api.http.post(`/api/contracts/${agencyId}/resume`).set(admin));
    expect(await api.settled('contracts', resumed.position)).toBe(true);
    expect((await inHouse()).map((g) => g.guestName)).toEqual(['Guest Contracted']);
    expect((await groupInfo(groupInfoIds.contracted)).status).toBe(200);
  });
});
