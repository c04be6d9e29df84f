import { randomBytes } from 'node:crypto';
import { escapeCell } from '@tbo/kernel';
import type { BookingSums, OperatorBookingRow } from '@tbo/read-models';
import { BOOKING_STATUS_TEXT_RU, type BookingStatusCode } from '@tbo/booking/src/pure/booking-status.pure';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { bearer, binary, expectErrorEnvelope, tokenFor, suppliersSuite } from '../support/api';
import { registerTenants } from '../support/identity';
import { bookingsSettled, seedBooking, seedVoidedClaim, sheetRows, type SeededBooking } from '../support/booking-events';

/** A row as the list answers it (the read model's row, as JSON). */
type Row = OperatorBookingRow;
interface Answer {
  entities: Row[];
  pagingInfo: { currentPage: number; totalItems: number; totalPages: number; itemsPerPage: number };
  sums: BookingSums;
  comingSums: BookingSums;
  from: string;
  to: string;
}

const sumOf = (rows: Row[]) => rows.reduce((s, r) => ({ ad: s.ad + r.ad, ch: s.ch + r.ch, inf: s.inf + r.inf, foc: s.foc + r.foc }), { ad: 0, ch: 0, inf: 0, foc: 0 });

describe('operator bookings: POST /api/bookings/operations and its xlsx', () => {
  const api = suppliersSuite();
  const today = dubaiToday();
  const tag = randomBytes(3).toString('hex');
  let operations: Record<string, string>;
  let accounts: Record<string, string>;
  let otherOperations: Record<string, string>;
  const seeded: SeededBooking[] = [];

  const post = async (body: Record<string, unknown>, headers = operations) => {
    const res = await api.http.post('/api/bookings/operations').set(headers).send(body);
    expect(res.status).toBe(200);
    return res.body.Content as Answer;
  };
  /** Every page of a filter, pageSize 100. */
  const all = async (body: Record<string, unknown>, headers = operations): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const a = await post({ ...body, page, pageSize: 100 }, headers);
      rows.push(...a.entities);
      if (page >= a.pagingInfo.totalPages) return rows;
    }
  };

  beforeAll(async () => {
    operations = bearer(await tokenFor(['operations'], { supplierId: api.supplierId }));
    accounts = bearer(await tokenFor(['accounts'], { supplierId: api.supplierId }));
    otherOperations = bearer(await tokenFor(['operations'], { supplierId: api.otherSupplierId }));
    const base = { supplierId: api.supplierId, agencyId: null, agentId: null, staffAgentId: 1, tourName: `Safari ${tag}` };
    // 30 bookings over days -3..+26: some in the default window, some before and after it, in every state.
    for (let i = 0; i < 30; i++) {
      const date = addDays(today, i - 3);
      const status = i % 5 === 1 ? 1 : 0;
      const changes = i % 7 === 2 ? [{ type: 'BookingCancelled' }] : i % 11 === 4 ? [{ type: 'BookingCompleted' }] : [];
      seeded.push(
        await seedBooking(
          api.app,
          {
            ...base,
            date,
            status,
            responseDueAt: status === 1 ? (i === 1 ? new Date(Date.now() - 3600_000).toISOString() : new Date(Date.now() + 86400_000).toISOString()) : null,
            guestName: `Guest ${tag} ${String(i).padStart(2, '0')}`,
            voucher: `V-${tag}-${i}`,
            adults: 1 + (i % 3),
            children: i % 2,
            infants: i % 4 === 0 ? 1 : 0,
            foc: i % 6 === 0 ? 1 : 0,
            paidTo: i % 2 ? 'agency' : 'supplier',
            phones: [`+97150${tag}${i}`],
          },
          changes,
        ),
      );
    }
    // Another supplier's booking in the same window: never shown here.
    seeded.push(await seedBooking(api.app, { ...base, supplierId: api.otherSupplierId, date: today, guestName: `Guest ${tag} other`, voucher: `V-${tag}-other` }));
    const voided = await seedVoidedClaim(api.app);
    await bookingsSettled(api.app, voided.position);
  });

  const mine = () => seeded.filter((s) => s.data.supplierId === api.supplierId);
  const inWindow = (from: string, to: string) => mine().filter((s) => s.data.date >= from && s.data.date <= to);

  it('shows the supplier’s bookings of today..+14 days by default, date ascending, with the sums over the whole filtered set', async () => {
    const first = await post({ pageSize: 5 });
    expect(first).toMatchObject({ from: today, to: addDays(today, 14) });
    const expected = inWindow(today, addDays(today, 14));
    expect(first.pagingInfo).toMatchObject({ currentPage: 1, totalItems: expected.length, itemsPerPage: 5 });
    expect(first.entities).toHaveLength(5);
    const rows = await all({});
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((s) => s.id).sort((a, b) => a - b));
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort());
    // The sums are the whole set's, not the page's.
    expect(first.sums).toEqual(sumOf(rows));
    expect(first.sums.ad).toBeGreaterThan(sumOf(first.entities).ad);
  });

  it('answers each row with its columns, status text and overdue flag', async () => {
    const rows = await all({ from: addDays(today, -3), to: addDays(today, 26) });
    const one = seeded[4]!;
    const row = rows.find((r) => r.id === one.id)!;
    expect(row).toMatchObject({
      date: one.data.date,
      tourName: `Safari ${tag}`,
      offerName: one.data.offerName,
      hotelName: one.data.hotelName,
      region: one.data.regionName,
      guestName: one.data.guestName,
      tel: one.data.phones.join(', '),
      ad: one.data.adults,
      ch: one.data.children,
      inf: one.data.infants,
      foc: one.data.foc,
      paid: one.data.paid,
      paidTo: one.data.paidTo,
      collect: one.data.collect,
      collectTo: one.data.collectTo,
      voucher: one.data.voucher,
      status: 5,
      statusText: 'Completed',
      isOverdue: false,
    });
    expect(Date.parse(row.bookingDateTime)).toBeGreaterThan(Date.now() - 600_000);
    expect(rows.find((r) => r.id === seeded[1]!.id)).toMatchObject({ status: 1, statusText: 'Pending', isOverdue: true });
    expect(rows.find((r) => r.id === seeded[6]!.id)).toMatchObject({ status: 1, isOverdue: false });
    // A cancelled booking keeps what it was sold with, but nothing is to be collected for it on the day.
    expect(seeded[2]!.data.collect).toBeGreaterThan(0);
    expect(rows.find((r) => r.id === seeded[2]!.id)).toMatchObject({ status: 4, statusText: 'Cancelled', collect: 0 });
  });

  it('filters by status: pending, cancelled, normal (new and completed); the sums follow', async () => {
    const window = { from: addDays(today, -3), to: addDays(today, 26) };
    for (const [status, codes] of [
      ['pending', [1]],
      ['cancelled', [4]],
      ['normal', [0, 5]],
    ] as const) {
      const rows = await all({ ...window, status });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => (codes as readonly number[]).includes(r.status))).toBe(true);
      const every = await all(window);
      expect(rows.map((r) => r.id).sort()).toEqual(every.filter((r) => (codes as readonly number[]).includes(r.status)).map((r) => r.id).sort());
      expect((await post({ ...window, status })).sums).toEqual(sumOf(rows));
    }
  });

  it('filters by column, sorts and pages', async () => {
    const window = { from: addDays(today, -3), to: addDays(today, 26) };
    const byGuest = await post({ ...window, filters: { guestName: `GUEST ${tag} 1` } });
    expect(byGuest.entities.map((r) => r.guestName).sort()).toEqual(mine().filter((s) => s.data.guestName.includes(`${tag} 1`)).map((s) => s.data.guestName).sort());
    expect(byGuest.sums).toEqual(sumOf(byGuest.entities));
    const byVoucher = await post({ ...window, filters: { voucher: `v-${tag}-7` } });
    expect(byVoucher.entities.map((r) => r.id)).toEqual([seeded[7]!.id]);
    expect((await post({ ...window, filters: { id: seeded[8]!.id } })).entities.map((r) => r.id)).toEqual([seeded[8]!.id]);
    const byPayee = await all({ ...window, filters: { paidTo: 'agency', tel: `+97150${tag}` } });
    expect(byPayee.length).toBe(15);
    expect(byPayee.every((r) => r.paidTo === 'agency')).toBe(true);
    // A filter's LIKE characters are matched literally.
    expect((await post({ ...window, filters: { guestName: '%' } })).pagingInfo.totalItems).toBe(0);

    const sorted = await all({ ...window, orderBy: 'guestName', orderType: 'DESC' });
    expect(sorted.map((r) => r.guestName)).toEqual(mine().map((s) => s.data.guestName).sort().reverse());
    const page2 = await post({ ...window, orderBy: 'guestName', orderType: 'DESC', page: 2, pageSize: 10 });
    expect(page2.entities.map((r) => r.id)).toEqual(sorted.slice(10, 20).map((r) => r.id));
  });

  it('pages every order the table offers the same way as the whole sorted list, ties broken by id', async () => {
    const window = { from: addDays(today, -3), to: addDays(today, 26) };
    const ids = mine().map((s) => s.id);
    const byId = await all({ ...window, orderBy: 'id', orderType: 'DESC' });
    expect(byId.map((r) => r.id)).toEqual([...ids].sort((a, b) => b - a));
    const page3 = await post({ ...window, orderBy: 'id', orderType: 'DESC', page: 3, pageSize: 7 });
    expect(page3.entities.map((r) => r.id)).toEqual(byId.slice(14, 21).map((r) => r.id));
    // Every booking of the seed has the same counts of some kind: the id decides between equals.
    for (const orderBy of ['bookingDateTime', 'ad', 'paidTo', 'hotelName', 'status']) {
      for (const orderType of ['ASC', 'DESC'] as const) {
        const rows = await all({ ...window, status: 'normal', orderBy, orderType });
        const key = (r: Row) => (orderBy === 'hotelName' ? (r.customHotelName || r.hotelName).toLowerCase() : (r[orderBy as keyof Row] as string | number));
        const sign = orderType === 'ASC' ? 1 : -1;
        const expected = [...rows].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
        expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
        const page2 = await post({ ...window, status: 'normal', orderBy, orderType, page: 2, pageSize: 4 });
        expect(page2.entities.map((r) => r.id)).toEqual(rows.slice(4, 8).map((r) => r.id));
      }
    }
  });

  it('keeps suppliers apart and lets accounts read the list too; agents and editors are refused', async () => {
    const window = { from: addDays(today, -3), to: addDays(today, 26) };
    const others = await all(window, otherOperations);
    expect(others.map((r) => r.guestName)).toEqual([`Guest ${tag} other`]);
    expect((await all(window, accounts)).length).toBe(mine().length);
    expectErrorEnvelope(await api.http.post('/api/bookings/operations').set(bearer(await tokenFor(['editor'], { supplierId: api.supplierId }))).send({}), 403);
    expectErrorEnvelope(await api.http.post('/api/bookings/operations').set(bearer(await tokenFor(['agent'], { agencyId: (await registerTenants(api.app)).agencyId, supplierId: null }))).send({}), 403);
  });

  it('refuses a bad filter with the field named, never a 500', async () => {
    for (const body of [{ status: 'gone' }, { from: '31.02.2026' }, { from: addDays(today, 3), to: today }, { orderBy: 'password' }, { orderType: 'UP' }, { pageSize: 1000 }, { filters: { id: 'x' } }, { filters: { nope: 1 } }]) {
      const res = await api.http.post('/api/bookings/operations').set(operations).send(body);
      expectErrorEnvelope(res, 400);
    }
    // The words say what would have been taken.
    const said = async (body: Record<string, unknown>) => (await api.http.post('/api/bookings/operations').set(operations).send(body)).body.ErrorMessage as string;
    expect(await said({ from: '2026-02-30' })).toContain('from must be a date DD.MM.YYYY or YYYY-MM-DD');
    expect(await said({ page: 99_999_999_999 })).toContain('page must be at most 2147483647');
    // A year the window's arithmetic cannot reach is refused by name, by the list and by its export (not a cut file).
    expect(await said({ from: '9999-12-20' })).toContain('from must be between the years 2000 and 2100');
    expect(await said({ to: '0100-01-05' })).toContain('to must be between the years 2000 and 2100');
    expectErrorEnvelope(await api.http.post('/api/bookings/operations/xlsx').set(operations).send({ from: '9999-12-20' }), 400);
  });

  it('bookings.xlsx holds the whole filtered list in its order', async () => {
    const body = { from: addDays(today, -3), to: addDays(today, 26), status: 'normal', orderBy: 'guestName', orderType: 'ASC' };
    const rows = await all(body);
    const res = await api.http.post('/api/bookings/operations/xlsx').set(operations).send(body).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="bookings.xlsx"');
    const [header, ...cells] = await sheetRows(res.body as Buffer);
    expect(header).toEqual(['Id', 'Date', 'Booked at', 'Tour', 'Ticket', 'Hotel', 'Region', 'Guest name', 'Tel', 'Ad', 'Ch', 'Inf', 'Foc', 'Paid', 'Paid to', 'Collect', 'Collect to', 'Voucher', 'Status']);
    const display = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
    // Dubai wall time (UTC+4) to the minute.
    const dubai = (instant: string) => {
      const at = new Date(Date.parse(instant) + 4 * 3600_000).toISOString();
      return `${display(at.slice(0, 10))} ${at.slice(11, 16)}`;
    };
    const payee = (v: string) => ({ agency: 'Agency', supplier: 'Supplier' })[v] ?? v;
    // Every cell, against the list's answer for the same filter and order (text escaped as every sheet escapes it).
    expect(cells).toEqual(
      rows.map((r) =>
        [
          r.id,
          display(r.date),
          dubai(r.bookingDateTime),
          r.tourName,
          r.offerName,
          r.customHotelName || r.hotelName,
          r.region,
          r.guestName,
          r.tel,
          r.ad,
          r.ch,
          r.inf,
          r.foc,
          r.paid,
          payee(r.paidTo),
          r.collect,
          payee(r.collectTo),
          r.voucher,
          r.statusText,
        ].map(escapeCell),
      ),
    );

    // From a Russian screen (the client sends its language): Russian titles, payees and statuses, the same figures.
    const ru = await api.http.post('/api/bookings/operations/xlsx').set(operations).set('Accept-Language', 'ru').send(body).buffer(true).parse(binary);
    const [ruHeader, ...ruCells] = await sheetRows(ru.body as Buffer);
    expect(ruHeader).toEqual(['№', 'Дата', 'Забронировано', 'Тур', 'Билет', 'Отель', 'Район', 'Гость', 'Телефон', 'Взр', 'Дет', 'Млад', 'Бесп', 'Оплачено', 'Кому оплачено', 'К получению', 'Кто получает', 'Ваучер', 'Статус']);
    const ruPayee = (v: string) => ({ agency: 'Агентство', supplier: 'Поставщик' })[v] ?? v;
    expect(ruCells.map((c) => [c[0], c[13], c[14], c[15], c[16], c[18]])).toEqual(rows.map((r) => [r.id, r.paid, ruPayee(r.paidTo), r.collect, ruPayee(r.collectTo), BOOKING_STATUS_TEXT_RU[r.status as BookingStatusCode]]));
    expect(new Set(ruCells.map((c) => c[18]))).toEqual(new Set(['Подтверждено', 'Завершено']));
  });

  it('answers beside the sums over every filtered row the sums over its rows whose guests are coming; cancelling or declining moves only those', async () => {
    // A day of its own (no other case's window reaches it): two normal bookings and two pending, one already cancelled.
    const date = addDays(today, 50);
    const base = { supplierId: api.supplierId, agencyId: null, agentId: null, staffAgentId: 1, tourName: `Safari ${tag}`, date, infants: 1, foc: 1 };
    const day = [
      await seedBooking(api.app, { ...base, guestName: `Coming ${tag} a`, adults: 2, children: 1 }),
      await seedBooking(api.app, { ...base, guestName: `Coming ${tag} b`, adults: 3, children: 0 }),
      await seedBooking(api.app, { ...base, guestName: `Coming ${tag} c`, adults: 1, children: 2, status: 1 }),
      await seedBooking(api.app, { ...base, guestName: `Coming ${tag} d`, adults: 4, children: 1 }, [{ type: 'BookingCancelled' }]),
    ];
    await bookingsSettled(api.app, day[3]!.position);
    const body = { from: date, to: date };
    const check = async (coming: number[]) => {
      const rows = await all(body);
      expect(rows.map((r) => r.id).sort()).toEqual(day.map((b) => b.id).sort());
      expect(rows.filter((r) => r.status !== 4).map((r) => r.id).sort()).toEqual(coming.map((i) => day[i]!.id).sort());
      const answer = await post(body);
      // The spec's sums stay those of every filtered row, cancelled and declined ones too.
      expect(answer.sums).toEqual(sumOf(rows));
      expect(answer.comingSums).toEqual(sumOf(rows.filter((r) => r.status !== 4)));
      return answer;
    };
    expect(await check([0, 1, 2])).toMatchObject({ sums: { ad: 10, ch: 4, inf: 4, foc: 4 }, comingSums: { ad: 6, ch: 3, inf: 3, foc: 3 } });

    // Operations cancel one booking and decline the pending one: the coming sums drop, the sums do not.
    expect((await api.http.post(`/api/bookings/${day[1]!.id}/cancel`).set(operations).send({ reason: 'Guest ill' })).status).toBe(200);
    expect((await api.http.post(`/api/bookings/${day[2]!.id}/decline`).set(operations).send({ reason: 'Fully booked' })).status).toBe(200);
    await api.settled('bookings', (await api.store.headPosition())!);
    expect((await all(body)).find((r) => r.id === day[2]!.id)).toMatchObject({ status: 4, declined: true });
    expect(await check([0])).toMatchObject({ sums: { ad: 10, ch: 4, inf: 4, foc: 4 }, comingSums: { ad: 2, ch: 1, inf: 1, foc: 1 } });
    // The cancelled filter: nobody of it is coming.
    expect((await post({ ...body, status: 'cancelled' })).comingSums).toEqual({ ad: 0, ch: 0, inf: 0, foc: 0 });
  });

  // Last: it adds bookings the counts above do not expect.
  it("bookings.xlsx names a declined booking's status Declined (ru Отклонено), as the list's row says; a cancelled one Cancelled", async () => {
    const base = { supplierId: api.supplierId, agencyId: null, agentId: null, staffAgentId: 1, tourName: `Safari ${tag}`, date: addDays(today, 40), status: 1 as const };
    const declined = await seedBooking(api.app, { ...base, guestName: `Declined ${tag}` }, [{ type: 'BookingDeclined' }]);
    const cancelled = await seedBooking(api.app, { ...base, guestName: `Cancelled ${tag}` }, [{ type: 'BookingCancelled' }]);
    await bookingsSettled(api.app, cancelled.position);
    const body = { from: addDays(today, 40), to: addDays(today, 40), status: 'cancelled', orderBy: 'id', orderType: 'ASC' };
    expect((await all(body)).map((r) => [r.id, r.status, r.declined])).toEqual([
      [declined.id, 4, true],
      [cancelled.id, 4, false],
    ]);
    const statuses = async (language: string) => {
      const [header, ...cells] = await sheetRows((await api.http.post('/api/bookings/operations/xlsx').set(operations).set('Accept-Language', language).send(body).buffer(true).parse(binary)).body as Buffer);
      return cells.map((c) => [c[0], c[header!.length - 1]]);
    };
    expect(await statuses('en')).toEqual([
      [declined.id, 'Declined'],
      [cancelled.id, 'Cancelled'],
    ]);
    expect(await statuses('ru')).toEqual([
      [declined.id, 'Отклонено'],
      [cancelled.id, 'Отменено'],
    ]);
  });
});
