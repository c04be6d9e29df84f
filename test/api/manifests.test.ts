import ExcelJS from 'exceljs';
import { CheckInClock } from '@tbo/documents';
import { addDays } from '@tbo/scheduling';
import { binary, bearer, apiSuite, expectErrorEnvelope, tokenFor } from '../support/api';
import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { pdfFlatText } from '../support/documents';
import { seedDemo } from '../support/reference';

type Totals = { bookings: number; ad: number; ch: number; inf: number; foc: number; toCollect: number; checkedIn: number };
type Line = { reference: string; guestName: string; ad: number; ch: number; inf: number; foc: number; toCollect: number; status: number; checkIn: { kind: string; at: string; byName: string } | null };
type Group = { pickUpStart: number | null; regionName: string; hotelName: string; lines: Line[]; totals: Totals };
type Manifest = { date: string; groups: Group[]; totals: Totals; slots: { id: number; name: string }[] };

/*
 * The day's manifests and the QR check-in over the real API: one supplier's day with bookings at two hotels (one
 * cancelled), a second supplier's booking on the same day that must never show, a driver and a guide who see and
 * check in only the slot-dates operations assigned to them.
 */
describe('manifests and check-in', () => {
  const api = apiSuite();
  let s: BookableSetup;
  let other: BookableSetup;
  let secondHotel: { id: number; name: string };
  const ids: Record<string, number> = {};
  let driver: Record<string, string>;
  let guide: Record<string, string>;

  const book = async (who: Record<string, string>, setup: BookableSetup, over: Record<string, unknown>) => {
    const res = await api.http.post('/api/agent/bookings').set(who).send(bookingBody(setup, over));
    if (res.status !== 200) throw new Error(`booking: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.Content.id as number;
  };
  const manifest = async (who: Record<string, string>, query = ''): Promise<Manifest> => {
    const res = await api.http.get(`/api/manifests?date=${s.date}${query}`).set(who);
    expect(res.status).toBe(200);
    return res.body.Content;
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api);
    other = await bookableSetup(api);
    secondHotel = await api.db('hotels').select('id', 'name').whereNot('id', s.hotelId).orderBy('id', 'desc').first();
    ids.anna = await book(s.agent, s, { adults: 2, children: 1, guestName: 'Anna Smirnova', collect: 100 });
    ids.boris = await book(s.admin, s, { adults: 1, children: 1, guestName: 'Boris Ivanov', collect: 40, roomNumber: '=cmd()' });
    ids.chen = await book(s.agent, s, { adults: 3, guestName: 'Chen Wei', hotelId: secondHotel.id });
    ids.gone = await book(s.agent, s, { adults: 4, guestName: 'Dana Cancelled' });
    ids.stranger = await book(other.agent, other, { adults: 5, guestName: 'Stranger Guest' });
    const cancelled = await api.http.post(`/api/bookings/${ids.gone}/cancel`).set(s.operations).send({ reason: 'Guest ill' });
    expect(cancelled.status).toBe(200);
    await api.settled('bookings', cancelled.body.Content.position);
    driver = bearer(await tokenFor(['driver'], { supplierId: s.supplierId, fullName: 'Ali Rahman' }));
    guide = bearer(await tokenFor(['guide'], { supplierId: s.supplierId, fullName: 'Karim Haddad' }));
  });

  it('groups the day by pick-up, region and hotel with totals per group and for the day; cancelled and other suppliers’ bookings stay out', async () => {
    const m = await manifest(s.operations);
    const names = m.groups.flatMap((g) => g.lines.map((l) => l.guestName));
    expect(names.sort()).toEqual(['Anna Smirnova', 'Boris Ivanov', 'Chen Wei']);
    expect(m.groups).toHaveLength(2);
    const first = m.groups.find((g) => g.lines.some((l) => l.guestName === 'Anna Smirnova'))!;
    expect(first.lines.map((l) => l.guestName)).toEqual(['Anna Smirnova', 'Boris Ivanov']);
    expect(first.lines[0]!.reference).toBe(`BK-${ids.anna}`);
    // The agency collects Anna's 100; the supplier's staff collect Boris's 40.
    expect(first.totals).toEqual({ bookings: 2, ad: 3, ch: 2, inf: 0, foc: 0, toCollect: 40, checkedIn: 0 });
    const second = m.groups.find((g) => g !== first)!;
    expect(second.hotelName).toBe(secondHotel.name);
    expect(second.totals).toMatchObject({ bookings: 1, ad: 3, ch: 0, inf: 0 });
    expect(m.totals).toEqual({ bookings: 3, ad: 6, ch: 2, inf: 0, foc: 0, toCollect: 40, checkedIn: 0 });
    expect(m.slots).toEqual([expect.objectContaining({ id: s.timeSlotId, name: 'Morning' })]);
    expect(JSON.stringify(await manifest(other.operations))).not.toContain('Anna');
  });

  it('the xlsx holds the same rows and totals, cells escaped', async () => {
    const m = await manifest(s.operations);
    const res = await api.http.get(`/api/manifests/xlsx?date=${s.date}`).set(s.operations).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`manifest-${s.date}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean).slice(1).map((r) => r.slice(1));
    const count = (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`;
    const expected = m.groups.flatMap((g) => [
      ...g.lines.map((l) => [l.reference, l.guestName, l.ad, l.ch, l.inf, l.foc, l.toCollect]),
      ['Group total', count(g.totals.bookings), g.totals.ad, g.totals.ch, g.totals.inf, g.totals.foc, g.totals.toCollect],
    ]);
    expected.push(['Day total', count(m.totals.bookings), m.totals.ad, m.totals.ch, m.totals.inf, m.totals.foc, m.totals.toCollect]);
    expect(rows.map((r) => [r[3], r[4], r[7], r[8], r[9], r[10], r[15]])).toEqual(expected);
    expect(rows.find((r) => r[4] === 'Boris Ivanov')![5]).toBe("'=cmd()");

    // lang=ru: the printed manifest's Russian words in the sheet too.
    const ru = await api.http.get(`/api/manifests/xlsx?date=${s.date}&lang=ru`).set(s.operations).buffer(true).parse(binary);
    const ruBook = new ExcelJS.Workbook();
    await ruBook.xlsx.load(ru.body as ArrayBuffer);
    expect(ruBook.worksheets[0]!.name).toBe('Манифест');
    const [ruHeader, ...ruRows] = (ruBook.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(ruHeader!.slice(0, 5)).toEqual(['Трансфер', 'Район', 'Отель', 'Бронь', 'Гость']);
    expect(ruRows.at(-1)!.slice(3, 5)).toEqual(['Итого за день', `${m.totals.bookings} брон.`]);
  });

  it('refuses agents and callers without a supplier; an unassigned driver sees no bookings', async () => {
    for (const path of ['/api/manifests', '/api/manifests/pdf', '/api/manifests/xlsx']) {
      const res = await api.http.get(`${path}?date=${s.date}`).set(s.agent);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ IsOk: false, Code: 403 });
    }
    expect((await api.http.post('/api/manifests/staff').set(driver).send({ date: s.date, slotId: s.timeSlotId, email: 'x@y.z', assigned: true })).status).toBe(403);
    expect((await api.http.get('/api/manifests?date=2026-02-30').set(s.operations)).status).toBe(400);
    expect((await manifest(driver)).totals.bookings).toBe(0);
  });

  it('operations assigns a driver to the slot-date: the driver then sees exactly its bookings; another supplier’s user cannot be assigned', async () => {
    const refused = await api.http.post('/api/manifests/staff').set(s.operations).send({ date: s.date, slotId: s.timeSlotId, email: `driver.s${other.supplierId}@test.local`, assigned: true });
    expect(refused.status).toBe(400);
    // Only to the supplier's own slots: another supplier's slot, or none, is not found.
    for (const slotId of [other.timeSlotId, 2147483647]) expectErrorEnvelope(await api.http.post('/api/manifests/staff').set(s.operations).send({ date: s.date, slotId, email: `driver.s${s.supplierId}@test.local`, assigned: true }), 404);
    const staff = await api.http.get(`/api/manifests/staff?date=${s.date}`).set(s.operations);
    expect(staff.body.Content.candidates.map((c: { email: string }) => c.email)).toEqual(expect.arrayContaining([`driver.s${s.supplierId}@test.local`, `guide.s${s.supplierId}@test.local`]));
    const assigned = await api.http.post('/api/manifests/staff').set(s.operations).send({ date: s.date, slotId: s.timeSlotId, email: `driver.s${s.supplierId}@test.local`, assigned: true });
    expect(assigned.status).toBe(200);
    // Asked with the assignment's position, the list already holds it (the page's read-your-writes).
    const listed = await api.http.get(`/api/manifests/staff?date=${s.date}&after=${encodeURIComponent(assigned.body.Content.position)}`).set(s.operations);
    expect(listed.body.Content.slots[0].staff).toEqual([{ email: `driver.s${s.supplierId}@test.local`, name: 'Ali Rahman', role: 'driver' }]);
    const seen = await manifest(driver);
    expect(seen.totals.bookings).toBe(3);
    const badAfter = await api.http.get(`/api/manifests/staff?date=${s.date}&after=${encodeURIComponent('not a position')}`).set(s.operations);
    expect([badAfter.status, badAfter.body.IsOk, badAfter.body.ErrorMessage]).toEqual([400, false, expect.stringContaining('after must be a position')]);
  });

  it('check-in: an unassigned guide is refused; the assigned driver redeems once; twice says when and by whom; the manifest and the history show it', async () => {
    const ref = `BK-${ids.boris}`;
    expect((await api.http.get(`/api/checkin/${ref}`).set(guide)).status).toBe(403);
    expect((await api.http.post(`/api/checkin/${ref}/redeem`).set(guide)).status).toBe(403);
    expect((await api.http.get(`/api/checkin/${ref}`).set(other.operations)).status).toBe(404);
    expect((await api.http.get(`/api/checkin/BK-${ids.stranger}`).set(driver)).status).toBe(404);
    expect((await api.http.get('/api/checkin/not-a-ref').set(driver)).status).toBe(400);
    const shown = await api.http.get(`/api/checkin/${ref.toLowerCase()}`).set(driver);
    expect(shown.body.Content).toMatchObject({ reference: ref, guestName: 'Boris Ivanov', adults: 1, children: 1, checkIn: null, canCheckIn: true, opensOn: s.date });
    // The tour is days ahead: no guest can have come yet.
    const early = await api.http.post(`/api/checkin/${ref}/redeem`).set(driver);
    expect([early.status, early.body.ErrorMessage]).toEqual([400, `Check-in opens on the day of the tour, ${s.date.split('-').reverse().join('.')}.`]);
    // On the day, 08:00 in Dubai.
    api.app.get(CheckInClock).now = () => new Date(`${s.date}T04:00:00.000Z`);
    expect((await api.http.get(`/api/checkin/${ref}`).set(driver)).body.Content.opensOn).toBeNull();

    const first = await api.http.post(`/api/checkin/${ref}/redeem`).set(driver);
    expect(first.status).toBe(200);
    expect(first.body.Content.checkIn).toMatchObject({ kind: 'redeemed', byName: 'Ali Rahman' });
    const again = await api.http.post(`/api/checkin/${ref}/redeem`).set(s.operations);
    expect(again.status).toBe(409);
    const at = new Date(Date.parse(first.body.Content.checkIn.at) + 4 * 3600_000).toISOString();
    const when = `${at.slice(8, 10)}.${at.slice(5, 7)}.${at.slice(0, 4)} ${at.slice(11, 16)}`;
    expect(again.body).toMatchObject({ IsOk: false, Code: 409, ErrorMessage: `This booking was already redeemed at ${when} by Ali Rahman.` });
    expect((await api.http.post(`/api/checkin/${ref}/noshow`).set(driver)).status).toBe(409);
    const cancelled = await api.http.post(`/api/checkin/BK-${ids.gone}/redeem`).set(s.operations);
    expect(cancelled.status).toBe(400);

    await api.settled('manifests', first.body.Content.position);
    const m = await manifest(s.operations);
    const boris = m.groups.flatMap((g) => g.lines).find((l) => l.guestName === 'Boris Ivanov')!;
    expect(boris.checkIn).toMatchObject({ kind: 'redeemed', byName: 'Ali Rahman' });
    expect(m.totals.checkedIn).toBe(1);

    const history = await api.http.get(`/api/bookings/${ids.boris}/history`).set(s.operations);
    const entry = history.body.Content.find((e: { type: string }) => e.type === 'BookingRedeemed');
    expect(entry).toMatchObject({ by: { id: `driver.s${s.supplierId}@test.local`, name: 'Ali Rahman' }, changes: [{ field: 'checkIn', before: null, after: { kind: 'redeemed', byName: 'Ali Rahman' } }] });
  });

  it('the PDF is a manifest file', async () => {
    const res = await api.http.get(`/api/manifests/pdf?date=${s.date}&lang=ru`).set(s.operations).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    // Each of the day's two pick-up groups has its table's column titles, not only the first.
    const text = await pdfFlatText(res.body as Buffer);
    expect(text.split('Ваучер').length - 1).toBe(2);
    // The column's title on its own lines, not cut inside a word; amounts with a decimal comma (Boris's 40).
    expect(text).toContain('К получению (USD)');
    expect(text).toContain('40,00');
    expect(text).not.toContain('40.00');
  });

  it("a slot's sheet names the slot even on a day it has no bookings; a slot that is not the supplier's is not found", async () => {
    const empty = addDays(s.date, 20);
    const res = await api.http.get(`/api/manifests/pdf?date=${empty}&slotId=${s.timeSlotId}&lang=en`).set(s.operations).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const text = await pdfFlatText(res.body as Buffer);
    expect(text).toContain('Morning');
    expect(text).not.toContain('All time slots');
    const foreign = await api.http.get(`/api/manifests/pdf?date=${empty}&slotId=${other.timeSlotId}&lang=en`).set(s.operations);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ IsOk: false, ErrorMessage: 'Time slot not found' });
    // The list agrees with the sheet: the slot is among its choices (the page names it), and an unknown one is not found.
    const listed = await api.http.get(`/api/manifests?date=${empty}&slotId=${s.timeSlotId}`).set(s.operations);
    expect(listed.status).toBe(200);
    expect(listed.body.Content).toMatchObject({ slotId: s.timeSlotId, slots: [expect.objectContaining({ id: s.timeSlotId, name: 'Morning' })], totals: expect.objectContaining({ bookings: 0 }) });
    for (const slotId of [other.timeSlotId, 2_000_000_000]) {
      const unknown = await api.http.get(`/api/manifests?date=${s.date}&slotId=${slotId}`).set(s.operations);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ IsOk: false, ErrorMessage: 'Time slot not found' });
    }
  });
});
