import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { KNEX, type Role } from '@tbo/kernel';
import { findUserByEmail } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { bookingsSettled, seedBooking, sheetRows, type SeededBooking } from '../support/booking-events';
import { registerTenants } from '../support/identity';

type Paged = { entities: { id: number }[]; pagingInfo: { totalItems: number } };

/**
 * An arrival group's bookings, /agent/bookings/g-{groupId} (spec 02 §2 Arrivals: the status column's '{n}
 * Booking(s)' links there): the supplier's operators and arrivals managers read every booking of their own
 * supplier's group, agents still only their agency's or their own, and nobody another supplier's group.
 */
describe('GET /api/agent/bookings?groupId=: the group page for agents, staff agents, operators and arrivals managers', () => {
  const api = apiSuite();
  const today = dubaiToday();
  const tag = randomBytes(3).toString('hex');
  // Group ids are the supplier's own: the other supplier has a group of the same id, with a booking of its own.
  const groupId = 880_000 + Math.floor(Math.random() * 100_000);
  let supplierId: number;
  let otherSupplierId: number;
  const h: Record<string, Record<string, string>> = {};
  const b: Record<string, SeededBooking> = {};

  const listed = async (who: string, query: string): Promise<number[]> => {
    const res = await api.http.get(`/api/agent/bookings?pageSize=100&${query}`).set(h[who]!);
    expect(res.status).toBe(200);
    return (res.body.Content as Paged).entities.map((r) => r.id).sort((x, y) => x - y);
  };
  const ids = (...names: string[]) => names.map((n) => b[n]!.id).sort((x, y) => x - y);

  beforeAll(async () => {
    let agencyId: number;
    ({ supplierId, agencyId } = await registerTenants(api.app));
    const other = await registerTenants(api.app);
    otherSupplierId = other.supplierId;
    const staff = (roles: Role[], supplier: number, name: string) => tokenFor(roles, { supplierId: supplier, email: `${name}.${tag}@staff.test`, fullName: `${name} ${tag}` });
    for (const role of ['operations', 'accounts', 'admin', 'arrivalsmanager', 'arrivalsadmin', 'sales'] as const) h[role] = bearer(await staff([role], supplierId, role));
    h.otherOperations = bearer(await staff(['operations'], otherSupplierId, 'otherops'));
    h.otherArrivals = bearer(await staff(['arrivalsmanager'], otherSupplierId, 'otherarr'));
    h.agent = bearer(await tokenFor(['agent'], { agencyId, supplierId: null, email: `agent.${tag}@agents.test`, fullName: `Agent ${tag}` }));
    h.agent2 = bearer(await tokenFor(['agent'], { agencyId, supplierId: null, email: `agent2.${tag}@agents.test`, fullName: `Agent2 ${tag}` }));
    h.otherAgent = bearer(await tokenFor(['agent'], { agencyId: other.agencyId, supplierId: null, isAgencyAdmin: true, email: `oagent.${tag}@agents.test`, fullName: `OAgent ${tag}` }));

    const db = api.app.get<Knex>(KNEX);
    const userId = async (name: string, domain: string) => (await findUserByEmail(db, `${name}.${tag}@${domain}`))!.id;
    const book = async (name: string, over: Record<string, unknown>) => {
      b[name] = await seedBooking(api.app, { supplierId, date: addDays(today, 1), guestName: `Guest ${tag} ${name}`, arrivalGroupId: groupId, ...over });
    };
    await book('agents', { agencyId, agentId: await userId('agent', 'agents.test'), staffAgentId: null });
    await book('agent2s', { agencyId, agentId: await userId('agent2', 'agents.test'), staffAgentId: null });
    await book('sales', { agencyId: null, agentId: null, staffAgentId: await userId('sales', 'staff.test') });
    await book('otherGroup', { agencyId, agentId: await userId('agent', 'agents.test'), staffAgentId: null, arrivalGroupId: groupId + 1 });
    await book('otherSupplier', { supplierId: otherSupplierId, agencyId: other.agencyId, agentId: await userId('oagent', 'agents.test'), staffAgentId: null });
    await bookingsSettled(api.app, b.otherSupplier!.position);
  });

  it.each(['operations', 'accounts', 'admin', 'arrivalsmanager', 'arrivalsadmin'])("%s reads every booking of the supplier's group, the agencies' and the staff's", async (role) => {
    expect(await listed(role, `groupId=${groupId}`)).toEqual(ids('agents', 'agent2s', 'sales'));
  });

  it('an agent reads only their own bookings of the group; sales staff only their staff bookings', async () => {
    expect(await listed('agent', `groupId=${groupId}`)).toEqual(ids('agents'));
    expect(await listed('agent2', `groupId=${groupId}`)).toEqual(ids('agent2s'));
    expect(await listed('sales', `groupId=${groupId}`)).toEqual(ids('sales'));
  });

  it("another supplier's staff and agency never see this supplier's group: only their own group of that id", async () => {
    for (const who of ['otherOperations', 'otherArrivals', 'otherAgent']) expect(await listed(who, `groupId=${groupId}`)).toEqual(ids('otherSupplier'));
    expect(await listed('otherArrivals', `groupId=${groupId + 1}`)).toEqual([]);
  });

  it('operators and arrivals managers are refused the lists without a groupId, the commissions and the filter options', async () => {
    for (const role of ['operations', 'accounts', 'arrivalsmanager', 'arrivalsadmin']) {
      expectErrorEnvelope(await api.http.get('/api/agent/bookings').set(h[role]!), 403);
      expectErrorEnvelope(await api.http.get(`/api/agent/commissions?groupId=${groupId}`).set(h[role]!), 403);
      expectErrorEnvelope(await api.http.get('/api/agent/hotels/bookings').set(h[role]!), 403);
      expectErrorEnvelope(await api.http.post('/api/agent/bookings/export/xlsx').set(h[role]!).send({}), 403);
    }
    expectErrorEnvelope(await api.http.get(`/api/agent/bookings?groupId=${groupId}`).set(bearer(await tokenFor(['editor'], { supplierId }))), 403);
  });

  it("the arrivals manager's bookings.xlsx of the group holds the group's rows", async () => {
    const file = await api.http.post('/api/agent/bookings/export/xlsx').set(h.arrivalsmanager!).send({ groupId, orderBy: 'id', orderType: 'ASC' }).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    const [, ...cells] = await sheetRows(file.body as Buffer);
    expect(cells.map((c) => c[0])).toEqual(ids('agents', 'agent2s', 'sales'));
  });
});
