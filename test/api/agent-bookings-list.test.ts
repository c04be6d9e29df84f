import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { KNEX } from '@tbo/kernel';
import { findUserByEmail, listAgentBookings, pickUpTimeText, type AgentBookingFilter, type AgentBookingRow } from '@tbo/read-models';
import { BOOKING_STATUS_TEXT_RU, type BookingStatusCode } from '@tbo/booking/src/pure/booking-status.pure';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { bookingsSettled, seedBooking, sheetRows, type SeededBooking } from '../support/booking-events';
import { registerTenants } from '../support/identity';

/** A row as the list answers it (the read model's row, as JSON). */
type Row = AgentBookingRow;
type Paged = { entities: Row[]; pagingInfo: { totalItems: number; totalPages: number } };

/** DD.MM.YYYY, as the agent lists take dates. */
const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

describe('agent bookings and commissions: GET /api/agent/bookings, /api/agent/commissions, their xlsx and filter options', () => {
  const api = apiSuite();
  const today = dubaiToday();
  const tag = randomBytes(3).toString('hex');
  let supplierId: number;
  let agencyId: number;
  let otherAgencyId: number;
  const h: Record<string, Record<string, string>> = {};
  const ids: Record<string, number> = {};
  const seeded: Record<string, SeededBooking[]> = { admin: [], agent1: [], agent2: [], other: [], sales: [], staffAdmin: [] };
  /** Bookings whose ticket codes were allocated (their index while seeding, then their id). */
  const allocated = new Set<number>();
  const withCodes = new Set<number>();

  const userId = async (email: string) => (await findUserByEmail(api.app.get<Knex>(KNEX), email))!.id;
  const get = async (path: string, who: string): Promise<Paged> => {
    const res = await api.http.get(path).set(h[who]!);
    expect(res.status).toBe(200);
    return res.body.Content as Paged;
  };
  /** Every page of a list. */
  const all = async (path: string, who: string, query = ''): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const a = await get(`${path}?page=${page}&pageSize=100${query ? `&${query}` : ''}`, who);
      rows.push(...a.entities);
      if (page >= a.pagingInfo.totalPages) return rows;
    }
  };
  const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  const seededIds = (...who: string[]) => idsOf(who.flatMap((w) => seeded[w]!));

  beforeAll(async () => {
    ({ supplierId, agencyId } = await registerTenants(api.app));
    otherAgencyId = (await registerTenants(api.app)).agencyId;
    const users = {
      admin: { roles: ['agent'], over: { agencyId, supplierId: null, isAgencyAdmin: true, email: `admin.${tag}@agents.test`, fullName: `Alice ${tag}` } },
      agent1: { roles: ['agent'], over: { agencyId, supplierId: null, email: `one.${tag}@agents.test`, fullName: `Boris ${tag}` } },
      agent2: { roles: ['agent'], over: { agencyId, supplierId: null, email: `two.${tag}@agents.test`, fullName: `Carla ${tag}` } },
      other: { roles: ['agent'], over: { agencyId: otherAgencyId, supplierId: null, isAgencyAdmin: true, email: `other.${tag}@agents.test`, fullName: `Dmitri ${tag}` } },
      sales: { roles: ['sales'], over: { supplierId, email: `sales.${tag}@staff.test`, fullName: `Elena ${tag}` } },
      staffAdmin: { roles: ['admin'], over: { supplierId, email: `admin.${tag}@staff.test`, fullName: `Fatima ${tag}` } },
    } as const;
    for (const [who, u] of Object.entries(users)) {
      h[who] = bearer(await tokenFor([...u.roles], u.over));
      ids[who] = await userId(u.over.email);
    }
    let n = 0;
    const book = async (who: string, over: Record<string, unknown> = {}, later: { type: string }[] = []) => {
      const i = n++;
      // Half of the bookings that need tickets have their codes (the worker's record), the rest wait for them.
      const ticket = { ticketTypeId: 1, ticketTypeName: 'Frame', category: 0, code: `C-${tag}-${i}`, expiresOn: '2030-12-31' };
      const changes = i % 8 === 0 ? [{ type: 'BookingTicketsAllocated', data: { tickets: [ticket] } }, ...later] : later;
      if (i % 8 === 0) allocated.add(i);
      const agency = who === 'other' ? otherAgencyId : who === 'sales' || who === 'staffAdmin' ? null : agencyId;
      const staff = agency === null;
      const b = await seedBooking(
        api.app,
        {
          supplierId,
          agencyId: agency,
          agentId: staff ? null : ids[who]!,
          staffAgentId: staff ? ids[who]! : null,
          date: addDays(today, (i % 9) - 4),
          guestName: `Guest ${tag} ${who} ${i}`,
          voucher: `VC-${tag}-${i}`,
          hotelId: 1000 + (i % 3),
          hotelName: `Hotel ${tag} ${i % 3}`,
          offerId: 2000 + (i % 2),
          offerName: `Ticket ${tag} ${i % 2}`,
          ticketsRequired: i % 4 === 0,
          arrivalGroupId: i % 5 === 0 ? 777_000 + (i % 2) : null,
          ...over,
        },
        changes,
      );
      seeded[who]!.push(b);
      if (allocated.delete(i)) withCodes.add(b.id);
      return b;
    };
    for (let i = 0; i < 5; i++) await book('agent1');
    for (let i = 0; i < 3; i++) await book('agent2', {}, i === 0 ? [{ type: 'BookingCancelled' }] : i === 1 ? [{ type: 'BookingDeclined' }] : []);
    for (let i = 0; i < 2; i++) await book('admin');
    for (let i = 0; i < 2; i++) await book('other');
    for (let i = 0; i < 2; i++) await book('sales');
    const last = await book('staffAdmin');
    await bookingsSettled(api.app, last.position);
  });

  it('an agent sees only their own bookings, whatever showMy says; newest date first', async () => {
    for (const showMy of ['0', '1']) {
      const rows = await all('/api/agent/bookings', 'agent1', `showMy=${showMy}`);
      expect(idsOf(rows)).toEqual(seededIds('agent1'));
    }
    const rows = await all('/api/agent/bookings', 'agent1');
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort().reverse());
    expect(rows[0]).toMatchObject({ agentId: ids.agent1, staffAgentId: null, agentName: `Boris ${tag}`, tourName: seeded.agent1![0]!.data.tourName });
  });

  it("answers spec 02 §3's pickUppickUpTime: the pick-up window as the list's column shows it, beside its start and end in minutes", async () => {
    // The seeded bookings are picked up 08:00 to 08:30 (the BookingCreated example's window).
    for (const path of ['/api/agent/bookings', '/api/agent/commissions']) {
      const rows = await all(path, 'agent1');
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r).toMatchObject({ pickUppickUpTime: '08:00 – 08:30', pickUpTimeStart: 480, pickUpTimeEnd: 510 });
    }
    expect([pickUpTimeText(540, 540), pickUpTimeText(540, null), pickUpTimeText(null, null)]).toEqual(['09:00', '09:00', '']);
  });

  it("an agency admin sees the agency's bookings with showMy=0 and their own with showMy=1; never another agency's", async () => {
    expect(idsOf(await all('/api/agent/bookings', 'admin', 'showMy=0'))).toEqual(seededIds('admin', 'agent1', 'agent2'));
    expect(idsOf(await all('/api/agent/bookings', 'admin', 'showMy=1'))).toEqual(seededIds('admin'));
    expect(idsOf(await all('/api/agent/bookings', 'other', 'showMy=0'))).toEqual(seededIds('other'));
    expect(idsOf(await all('/api/agent/commissions', 'admin', 'showMy=0'))).toEqual(seededIds('admin', 'agent1', 'agent2'));
  });

  it('supplier staff who book see their staff bookings (staff ids set); a staff admin sees every staff booking unless showMy=1', async () => {
    const sales = await all('/api/agent/bookings', 'sales');
    expect(idsOf(sales)).toEqual(seededIds('sales'));
    expect(sales.every((r) => r.agentId === null && r.staffAgentId === ids.sales && r.agentName === `Elena ${tag}`)).toBe(true);
    expect(idsOf(await all('/api/agent/bookings', 'staffAdmin', 'showMy=0'))).toEqual(seededIds('sales', 'staffAdmin'));
    expect(idsOf(await all('/api/agent/bookings', 'staffAdmin', 'showMy=1'))).toEqual(seededIds('staffAdmin'));
    // The agents filter takes staff agents as negative ids.
    expect(idsOf(await all('/api/agent/bookings', 'staffAdmin', `agentIds=${-ids.sales!}`))).toEqual(seededIds('sales'));
  });

  it('from and to are DD.MM.YYYY, both ends included; f finds text lowercased; hotel, offer and group filters narrow', async () => {
    const from = addDays(today, -1);
    const to = addDays(today, 2);
    const rows = await all('/api/agent/bookings', 'admin', `from=${dmy(from)}&to=${dmy(to)}`);
    const agency = [...seeded.admin!, ...seeded.agent1!, ...seeded.agent2!];
    expect(idsOf(rows)).toEqual(idsOf(agency.filter((b) => b.data.date >= from && b.data.date <= to)));
    expectErrorEnvelope(await api.http.get(`/api/agent/bookings?from=${from}`).set(h.admin!), 400);
    expectErrorEnvelope(await api.http.get(`/api/agent/bookings?from=${dmy(to)}&to=${dmy(from)}`).set(h.admin!), 400);

    const target = seeded.agent2![1]!;
    expect(idsOf(await all('/api/agent/bookings', 'admin', `f=${encodeURIComponent(target.data.guestName.toLowerCase())}`))).toEqual([target.id]);
    expect(idsOf(await all('/api/agent/bookings', 'admin', `f=${encodeURIComponent(target.data.voucher.toLowerCase())}`))).toEqual([target.id]);
    expect(idsOf(await all('/api/agent/bookings', 'admin', 'hotelIds=1001'))).toEqual(idsOf(agency.filter((b) => b.data.hotelId === 1001)));
    expect(idsOf(await all('/api/agent/bookings', 'admin', 'offerIds=2000'))).toEqual(idsOf(agency.filter((b) => b.data.offerId === 2000)));
    expect(idsOf(await all('/api/agent/bookings', 'admin', 'groupId=777000'))).toEqual(idsOf(agency.filter((b) => b.data.arrivalGroupId === 777_000)));
    // The supplier's admin on the group's page (the arrivals table's link) sees every booking of the group, the
    // agencies' too; on the plain list only the staff's.
    const everyone = Object.values(seeded).flat();
    const group = everyone.filter((b) => b.data.arrivalGroupId === 777_000);
    expect(group.some((b) => b.data.agencyId !== null)).toBe(true);
    expect(idsOf(await all('/api/agent/bookings', 'staffAdmin', 'groupId=777000'))).toEqual(idsOf(group));
    expect(idsOf(await all('/api/agent/bookings', 'staffAdmin'))).toEqual(seededIds('sales', 'staffAdmin'));
    expect(idsOf(await all('/api/agent/bookings', 'admin', `agentIds=${ids.agent2}`))).toEqual(seededIds('agent2'));
    // Another agency's agent in the filter finds nothing here.
    expect(await all('/api/agent/bookings', 'admin', `agentIds=${ids.other}`)).toEqual([]);
  });

  it('shows status texts and allows ticket download only for a booking whose tickets are allocated and that is not cancelled or pending', async () => {
    const rows = await all('/api/agent/bookings', 'admin', 'showMy=0');
    const cancelled = rows.find((r) => r.id === seeded.agent2![0]!.id)!;
    expect(cancelled).toMatchObject({ status: 4, statusText: 'Cancelled' });
    // A cancelled booking earns the agency nothing (its details page says so); a live one its booked commission.
    expect(cancelled.agencyReceivable).toBe(0);
    expect(seeded.agent2![0]!.data.totals.agencyReceivable).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status !== 4).every((r) => r.agencyReceivable > 0)).toBe(true);
    for (const r of rows) {
      const b = [...seeded.admin!, ...seeded.agent1!, ...seeded.agent2!].find((s) => s.id === r.id)!;
      expect(r.canDownloadTickets).toBe(b.data.ticketsRequired && withCodes.has(r.id) && r.status !== 4 && r.status !== 1);
    }
    // Both kinds are there, so the rule is really tried.
    expect(rows.some((r) => r.canDownloadTickets)).toBe(true);
    expect(rows.some((r) => !r.canDownloadTickets && [...seeded.admin!, ...seeded.agent1!, ...seeded.agent2!].find((s) => s.id === r.id)!.data.ticketsRequired)).toBe(true);
  });

  it('sorts by the column asked for', async () => {
    const rows = await all('/api/agent/bookings', 'admin', 'orderBy=guestName&orderType=asc');
    expect(rows.map((r) => r.guestName)).toEqual([...rows.map((r) => r.guestName)].sort((a, b) => a.localeCompare(b, 'en', { numeric: false, sensitivity: 'base' })));
    const sort = await api.http.get('/api/agent/commissions?orderBy=secret').set(h.admin!);
    expectErrorEnvelope(sort, 400);
    // It says which names it takes, not just 'Invalid input'; '' is the default order.
    expect(sort.body.ErrorMessage).toContain('orderBy must be one of id, date,');
    expect((await api.http.get('/api/agent/commissions?orderBy=').set(h.admin!)).status).toBe(200);
    expectErrorEnvelope(await api.http.get('/api/agent/bookings?showMy=2').set(h.admin!), 400);
  });

  it('bookings.xlsx and commissions.xlsx hold the same rows as the lists; commissions without the pick-up time', async () => {
    const query = 'showMy=0&orderBy=id&orderType=ASC';
    const rows = await all('/api/agent/bookings', 'admin', query);
    const file = await api.http.get(`/api/agent/bookings/export/xlsx?${query}`).set(h.admin!).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="bookings.xlsx"');
    const [header, ...cells] = await sheetRows(file.body as Buffer);
    expect(header).toContain('Pick-up time');
    expect(cells.map((c) => [c[0], c[1], c[header!.indexOf('Guest name')], c[header!.indexOf('Gross sales')], c[header!.indexOf('Agent')], c[header!.indexOf('Status')]])).toEqual(
      rows.map((r) => [r.id, dmy(r.date), r.guestName, r.grossSales, r.agentName, r.declined ? 'Declined' : r.statusText]),
    );

    const posted = await api.http.post('/api/agent/commissions/export/xlsx').set(h.admin!).send({ showMy: 0, orderBy: 'id', orderType: 'ASC' }).buffer(true).parse(binary);
    expect(posted.status).toBe(200);
    expect(posted.headers['content-disposition']).toContain('filename="commissions.xlsx"');
    const [cHeader, ...cCells] = await sheetRows(posted.body as Buffer);
    expect(cHeader).not.toContain('Pick-up time');
    expect(cCells.map((c) => [c[0], c[cHeader!.indexOf('Agency receivable')]])).toEqual(rows.map((r) => [r.id, r.agencyReceivable]));
    // From a Russian screen: Russian titles and statuses over the same rows.
    const ru = await api.http.get(`/api/agent/commissions/export/xlsx?${query}`).set(h.admin!).set('Accept-Language', 'ru-RU,ru;q=0.9').buffer(true).parse(binary);
    const [ruHeader, ...ruCells] = await sheetRows(ru.body as Buffer);
    expect(ruHeader).toEqual(['№', 'Дата', 'Тур', 'Билет', 'Отель', 'Номер', 'Гость', 'Телефон', 'Взр', 'Дет', 'Млад', 'Бесп', 'Продажи', 'Комиссия агентства', 'Агент', 'Ваучер', 'Примечания', 'Статус']);
    expect(ruCells.map((c) => [c[0], c[13], c[17]])).toEqual(rows.map((r) => [r.id, r.agencyReceivable, r.declined ? 'Отклонено' : BOOKING_STATUS_TEXT_RU[r.status as BookingStatusCode]]));
    // A declined booking (status Cancelled, flagged declined) reads Declined in both sheets, as the lists say it;
    // a cancelled one stays Cancelled.
    const [declined, cancelled] = [seeded.agent2![1]!.id, seeded.agent2![0]!.id];
    expect(rows.find((r) => r.id === declined)).toMatchObject({ status: 4, declined: true });
    const statusOf = (sheet: unknown[][], id: number) => sheet.find((c) => c[0] === id)!.at(-1);
    const ruBookings = await sheetRows((await api.http.get(`/api/agent/bookings/export/xlsx?${query}`).set(h.admin!).set('Accept-Language', 'ru').buffer(true).parse(binary)).body as Buffer);
    expect([statusOf(cells, declined), statusOf(cCells, declined), statusOf(ruBookings, declined), statusOf(ruCells, declined)]).toEqual(['Declined', 'Declined', 'Отклонено', 'Отклонено']);
    expect([statusOf(cCells, cancelled), statusOf(ruBookings, cancelled)]).toEqual(['Cancelled', 'Отменено']);
    // Another agency's file holds none of these.
    const others = await sheetRows((await api.http.get('/api/agent/bookings/export/xlsx?showMy=0').set(h.other!).buffer(true).parse(binary)).body as Buffer);
    expect(others.slice(1).map((c) => c[0])).toEqual(seeded.other!.map((b) => b.id).sort((a, b) => b - a));
  });

  it('answers the filter option lists for what the caller may see; staff agents as negative ids', async () => {
    const options = async (path: string, who: string) => {
      const res = await api.http.get(path).set(h[who]!);
      expect(res.status).toBe(200);
      return res.body.Content as { id: number; name: string }[];
    };
    for (const list of ['bookings', 'commissions']) {
      expect(await options(`/api/agent/agents/${list}`, 'admin')).toEqual(
        expect.arrayContaining([
          { id: ids.admin, name: `Alice ${tag}` },
          { id: ids.agent1, name: `Boris ${tag}` },
          { id: ids.agent2, name: `Carla ${tag}` },
        ]),
      );
      expect(await options(`/api/agent/agents/${list}`, 'agent1')).toEqual([{ id: ids.agent1, name: `Boris ${tag}` }]);
      expect(await options(`/api/agent/hotels/${list}`, 'admin')).toEqual([0, 1, 2].map((i) => ({ id: 1000 + i, name: `Hotel ${tag} ${i}` })));
      expect(await options(`/api/agent/offers/${list}`, 'agent1')).toEqual([0, 1].map((i) => ({ id: 2000 + i, name: `Ticket ${tag} ${i}` })));
      expect(await options(`/api/agent/agents/${list}`, 'staffAdmin')).toEqual([
        { id: -ids.sales!, name: `Elena ${tag}` },
        { id: -ids.staffAdmin!, name: `Fatima ${tag}` },
      ]);
      expect(await options(`/api/agent/agents/${list}`, 'sales')).toEqual([{ id: -ids.sales!, name: `Elena ${tag}` }]);
    }
    expect((await options('/api/agent/agents/bookings', 'other')).map((o) => o.id)).toEqual([ids.other]);
  });

  it('f looks in the guest, voucher, room, phones, tour, ticket, hotel and notes, and the id, each on its own', async () => {
    const b = await seedBooking(api.app, {
      supplierId,
      agencyId: otherAgencyId,
      agentId: ids.other!,
      staffAgentId: null,
      date: today,
      guestName: `Guest ${tag} Notes`,
      voucher: `VN-${tag}`,
      roomNumber: `R-${tag}`,
      phones: [`+971 55 ${tag}`],
      tourName: `Tour ${tag} Dunes`,
      offerName: `Ticket ${tag} Sunset`,
      hotelId: null,
      hotelName: `Villa ${tag}`,
      customHotelName: `Villa ${tag}`,
      notes: `Late Check-in ${tag}`,
    });
    seeded.other!.push(b);
    await bookingsSettled(api.app, b.position);
    const find = async (f: string) => idsOf(await all('/api/agent/bookings', 'other', `f=${encodeURIComponent(f)}`));
    for (const f of [`guest ${tag} notes`, `VN-${tag}`, `r-${tag}`, `55 ${tag}`, `${tag} dunes`, `${tag} sunset`, `villa ${tag}`, `check-in ${tag}`, String(b.id)]) expect(await find(f)).toContain(b.id);
    // The end of one column and the start of the next are no match; the separator the table keeps between them is a
    // control character, which no one can type (the input boundary refuses it).
    expect(await find('notesvn-')).toEqual([]);
    const separator = await api.http.get(`/api/agent/bookings?page=1&f=${encodeURIComponent(`notes\u001fvn-${tag}`)}`).set(h.other!);
    expect(separator.status).toBe(400);
    expect(separator.body.ErrorMessage).toBe('f: must not contain control characters');
    // A LIKE character is a character.
    expect(await find('%')).toEqual([]);
  });

  it("a list's statements answer nothing for a caller the users table does not have in the list's agency or supplier", async () => {
    const db = api.app.get<Knex>(KNEX);
    const page = { offset: 0, limit: 100 };
    const sort = { field: 'id', direction: 'ASC' } as const;
    const list = (scope: AgentBookingFilter['scope']) => listAgentBookings(db, { scope, from: null, to: null, text: '' }, sort, page);
    const agencyOf = (caller: string, onlyCaller: boolean) => ({ kind: 'agency' as const, agencyId, agentId: onlyCaller ? { email: caller } : null, caller: { email: caller } });
    expect((await list(agencyOf(`ADMIN.${tag}@agents.test`, false))).total).toBe(seededIds('admin', 'agent1', 'agent2').length);
    expect(idsOf((await list(agencyOf(`two.${tag}@agents.test`, true))).rows)).toEqual(seededIds('agent2'));
    // Another agency's admin, or nobody at all, naming this agency: nothing.
    for (const caller of [`other.${tag}@agents.test`, `nobody.${tag}@agents.test`]) expect(await list(agencyOf(caller, false))).toEqual({ rows: [], total: 0 });
    expect(await list({ kind: 'staff', supplierId, staffAgentId: null, caller: { email: `admin.${tag}@agents.test` } })).toEqual({ rows: [], total: 0 });
    expect((await list({ kind: 'staff', supplierId, staffAgentId: null, caller: { email: `admin.${tag}@staff.test` } })).total).toBe(seededIds('sales', 'staffAdmin').length);
  });

  it('refuses operators without an agent or sales role, and callers without a token', async () => {
    expectErrorEnvelope(await api.http.get('/api/agent/bookings').set(bearer(await tokenFor(['operations'], { supplierId }))), 403);
    expect((await api.http.get('/api/agent/bookings')).status).toBe(401);
  });

  it('the header search finds bookings by id, voucher or guest name among those the caller may see', async () => {
    const search = async (q: string, who: string) => {
      const res = await api.http.get(`/api/search/bookings?q=${encodeURIComponent(q)}`).set(h[who]!);
      expect(res.status).toBe(200);
      return (res.body.Content as { id: number }[]).map((r) => r.id);
    };
    const target = seeded.agent1![2]!;
    expect(await search(String(target.id), 'agent1')).toContain(target.id);
    // As the manifest and the voucher print the reference, and as the lists show the id.
    // And as its documents number themselves (the booking, then its version).
    for (const typed of [`BK-${target.id}`, `bk${target.id}`, `#${target.id}`, `VCH-${target.id}-0`, `inv-${target.id}-2`]) expect((await search(typed, 'admin'))[0]).toBe(target.id);
    expect(await search(target.data.voucher.toUpperCase(), 'admin')).toEqual([target.id]);
    expect(await search(`guest ${tag} agent1`, 'agent1')).toEqual(expect.arrayContaining(seeded.agent1!.map((b) => b.id)));
    expect(await search(String(target.id), 'agent2')).not.toContain(target.id);
    expect(await search(`Guest ${tag}`, 'other')).toEqual(expect.arrayContaining(seeded.other!.map((b) => b.id)));
    expect(await search(`Guest ${tag} agent`, 'other')).toEqual([]);
    const operations = bearer(await tokenFor(['operations'], { supplierId }));
    const res = await api.http.get(`/api/search/bookings?q=${encodeURIComponent(target.data.voucher)}`).set(operations);
    expect((res.body.Content as { id: number }[]).map((r) => r.id)).toEqual([target.id]);
  });
});
