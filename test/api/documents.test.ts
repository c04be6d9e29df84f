import { blankProfile } from '@tbo/supplier';
import type { BookingView } from '@tbo/booking';
import { bookingReference, checkinUrl, invoiceNumber, voucherNumber } from '@tbo/documents';
import { bearer, tokenFor } from '../support/api';
import { bookableSetup, bookingBody, versionOf, type BookableSetup } from '../support/booking';
import { download, pdfFlatText, pdfQr, startDocumentWorker } from '../support/documents';
import { eventually } from '../support/photos';
import { seedDemo } from '../support/reference';
import { apiWithWorker } from '../support/worker-suite';

const money = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/*
 * Invoices and vouchers end to end: the API with a documents worker in this process (its process manager and
 * processor on a queue of their own). One supplier with a full business profile sells a tour with a Russian
 * name; a second supplier and its agency are the strangers who must get 404.
 */
describe('documents: invoice and vouchers made by the worker, downloaded by their owners', () => {
  const { api, startWorker } = apiWithWorker('documents', startDocumentWorker);
  let s: BookableSetup;
  let other: BookableSetup;
  let booking: BookingView;
  const GUEST = 'Анна Смирнова';
  const TOUR = 'Сафари в пустыне';

  const get = (path: string, who: Record<string, string>) => download(api.http, path, who);
  const pdf = async (path: string, who: Record<string, string>) => {
    const res = await get(path, who);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api, { tour: { nameDisplay: TOUR, url: 'desert-safari-ru' } });
    other = await bookableSetup(api);
    const profile = {
      ...blankProfile(),
      code: 'SND',
      name: 'Sand Dunes Tourism LLC',
      taxRegistrationNumber: '100234567800003',
      tradeLicenseNumber: 'DED-778899',
      countryId: 784,
      address: 'Office 12, Al Quoz 3, Dubai',
      paymentDetails: { accountNumber: '0123456789', ibanNumber: 'AE070331234567890123456', swiftCode: 'EBILAEAD', bankName: 'Emirates NBD', bankBranchAddress: 'Al Quoz' },
      customerSupport: { primary: { name: 'Support desk', phone: '+97141234567', email: 'help@sand.test' }, secondary: { name: '', phone: '', email: '' }, emergency: { name: 'Night line', phone: '+971509990000', email: '' } },
      accountsDepartment: { primary: { phone: '+97141112222', email: 'accounts@sand.test' }, secondary: { phone: '', email: '' }, emergency: { phone: '', email: '' } },
      defaultSettings: { termsAndConditions: '', faq: '', notesToClientPostBooking: '<p>Bring your passport.</p>' },
      cancellationPolicy: [{ hours: 24, percents: 100 }],
    };
    const saved = await api.http.put('/api/suppliers').set(s.admin).send(profile);
    expect(saved.status).toBe(200);
    await startWorker([s.supplierId, other.supplierId]);
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2, children: 1, guestName: GUEST, paid: 10, collect: 100, voucherNumber: 'AG-77' }));
    expect(created.status).toBe(200);
    await api.settled('booking_details', created.body.Content.position);
    booking = (await api.http.get(`/api/agent/bookings/${created.body.Content.id}`).set(s.agent)).body.Content;
  });

  it('the invoice: the supplier, the agency, a line per item and the totals of the booking in USD and AED', async () => {
    const res = await pdf(`/bookings/download/invoice/${booking.id}`, s.agent);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${booking.id}.pdf"`);
    const text = await pdfFlatText(res.body as Buffer);
    for (const part of ['Sand Dunes Tourism LLC', '100234567800003', 'DED-778899', 'Office 12, Al Quoz 3, Dubai', 'AE070331234567890123456', 'EBILAEAD', 'Emirates NBD', 'accounts@sand.test', `Invoice number: ${invoiceNumber(booking.id, 0)}`, "Agent's voucher number: AG-77", GUEST, TOUR]) {
      expect(text).toContain(part);
    }
    const p = booking.prices;
    const t = booking.totals;
    expect(text).toContain(`Adults 2 ${money(p.adultRecUsd)} ${money(p.adultRecAed)} ${money(2 * p.adultRecUsd)} ${money(2 * p.adultRecAed)}`);
    expect(text).toContain(`Children 1 ${money(p.childRecUsd)} ${money(p.childRecAed)} ${money(p.childRecUsd)} ${money(p.childRecAed)}`);
    expect(text).toContain(`Total including VAT USD ${money(t.totalUsd)} AED ${money(t.totalAed)}`);
    expect(text).toContain(`Net due from the agency USD ${money(t.netUsd)} AED ${money(t.netAed)}`);
    const vatUsd = Math.round((t.totalUsd - t.totalUsd / (1 + p.vat / 100)) * 100) / 100;
    expect(text).toContain(`VAT ${p.vat}% USD ${money(vatUsd)}`);
    expect(text).toContain(`Paid (held by the agency) USD ${money(10)} AED ${money(booking.paidOrig)}`);
    expect(text).toContain(`To collect on the day (by the ${booking.collectTo}) USD ${money(100)} AED ${money(booking.collectOrig)}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('the vouchers in English and Russian: every label in the language, the names as written, the reference as a QR code', async () => {
    const eng = await pdf(`/bookings/download/voucher/${booking.id}?lang=eng`, s.agent);
    expect(eng.headers['content-disposition']).toBe(`attachment; filename="voucher-${booking.id}-eng.pdf"`);
    const en = await pdfFlatText(eng.body as Buffer);
    for (const part of ['Voucher', `Document number: ${voucherNumber(booking.id, 0)}`, `Booking reference: ${bookingReference(booking.id)}`, 'Lead guest', GUEST, TOUR, 'Booking Tour — Standard', 'Morning 09:00–13:00', 'Adults: 2', 'Children: 1', 'Bring your passport.', 'Cancellation policy', 'Support desk', 'Emergency: Night line']) {
      expect(en).toContain(part);
    }
    expect(en).not.toContain('Ваучер');
    const rus = await pdf(`/bookings/download/voucher/${booking.id}?lang=rus`, s.agent);
    expect(rus.headers['content-disposition']).toBe(`attachment; filename="voucher-${booking.id}-rus.pdf"`);
    const ru = await pdfFlatText(rus.body as Buffer);
    for (const part of ['Ваучер', `Номер документа: ${voucherNumber(booking.id, 0)}`, 'Главный гость', 'Взрослые: 2', 'Дети: 1', 'Условия отмены', 'Служба поддержки', GUEST, TOUR, 'Bring your passport.']) {
      expect(ru).toContain(part);
    }
    expect(ru).not.toContain('Lead guest');
    // An agency's booking: the voucher number is its agent's.
    expect(en).toContain("Agent's voucher number: AG-77");
    expect(ru).toContain('Номер ваучера агента: AG-77');
    expect(await pdfQr(eng.body as Buffer)).toBe(checkinUrl(booking.id));
    expect(await pdfQr(rus.body as Buffer)).toBe(checkinUrl(booking.id));
  });

  it("answers only the booking's agency and supplier: 404 in the envelope for the others", async () => {
    expect((await pdf(`/bookings/download/voucher/${booking.id}?lang=rus`, s.accounts)).headers['content-type']).toBe('application/pdf');
    expect((await pdf(`/bookings/download/invoice/${booking.id}`, s.operations)).headers['content-type']).toBe('application/pdf');
    for (const path of [`/bookings/download/invoice/${booking.id}`, `/bookings/download/voucher/${booking.id}?lang=eng`]) {
      for (const who of [other.agent, other.accounts, s.agent2]) {
        const res = await get(path, who);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ IsOk: false, ErrorTitle: 'Not found' });
      }
    }
    const bad = await get(`/bookings/download/voucher/${booking.id}?lang=xx`, s.agent);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ IsOk: false });
    expect((await get('/bookings/download/invoice/999999999', s.agent)).status).toBe(404);
  });

  it("a cancelled booking's invoice: the fee is what is due, nothing is collected on the day, the rest is not charged", async () => {
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2, guestName: 'Carl Cancel', paid: 20, collect: 50 }));
    expect(created.status).toBe(200);
    const id: number = created.body.Content.id;
    const cancelled = await api.http.post(`/api/agent/bookings/${id}/cancel`).set(s.agent).send({ reason: 'Plans changed' });
    expect(cancelled.status).toBe(200);
    const c = cancelled.body.Content.cancellation as { penaltyUsd: number; penaltyAed: number; refundUsd: number; refundAed: number; penaltyPercent: number };
    const text = await pdfFlatText((await pdf(`/bookings/download/invoice/${id}`, s.agent)).body as Buffer);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('CANCELLED BOOKING');
    expect(text).toMatch(/Guests: 2 adults(,| Item)/);
    const t = cancelled.body.Content.totals as { totalUsd: number; totalAed: number };
    const vatIn = (amount: number) => Math.round((amount - amount / 1.05) * 100) / 100;
    expect(cancelled.body.Content.prices.vat).toBe(5);
    expect(text).toContain(`Booked total including VAT USD ${money(t.totalUsd)} AED ${money(t.totalAed)}`);
    expect(text).toContain(`Cancellation fee ${c.penaltyPercent}% including VAT USD ${money(c.penaltyUsd)} AED ${money(c.penaltyAed)}`);
    expect(text).toContain(`Not charged (refund of the total) USD ${money(c.refundUsd)} AED ${money(c.refundAed)}`);
    // Only the fee is billed, so only its VAT is (invoice-totals.spec: a 50 % fee's).
    expect(text).toContain(`VAT 5% USD ${money(vatIn(c.penaltyUsd))} AED ${money(vatIn(c.penaltyAed))}`);
    expect(text).toContain(`Due from the agency (the cancellation fee) USD ${money(c.penaltyUsd)} AED ${money(c.penaltyAed)}`);
    expect(text).not.toContain('To collect on the day');
    expect(text).not.toContain('Net due from the agency');
  });

  it("a direct sale's invoice (sold by the supplier's staff) bills no agency: no commission, nothing due from one", async () => {
    const created = await api.http.post('/api/agent/bookings').set(s.admin).send(bookingBody(s, { adults: 2, guestName: 'Dana Direct', collect: 50, voucherNumber: 'DS-1' }));
    expect(created.status).toBe(200);
    const text = await pdfFlatText((await pdf(`/bookings/download/invoice/${created.body.Content.id}`, s.admin)).body as Buffer);
    expect(text).toContain('Bill to Direct sale');
    expect(text).toContain('Voucher number: DS-1');
    expect(text).toContain('To collect on the day');
    for (const agencyLine of ['Agency commission', 'Net due from the agency', "Agent's voucher number"]) expect(text).not.toContain(agencyLine);
    // Its vouchers name the voucher number as the invoice does: there is no agent.
    const voucher = async (lang: string) => pdfFlatText((await pdf(`/bookings/download/voucher/${created.body.Content.id}?lang=${lang}`, s.admin)).body as Buffer);
    const [en, ru] = [await voucher('eng'), await voucher('rus')];
    expect(en).toContain('Voucher number: DS-1');
    expect(en).not.toContain("Agent's voucher number");
    expect(ru).toContain('Номер ваучера: DS-1');
    expect(ru).not.toContain('Номер ваучера агента');
  });

  it("a cancelled booking's invoice still owes back what was paid beyond a price lowered before, beside the refund of the total", async () => {
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 3, guestName: 'Olga Overpaid', paid: 300, paidOrig: 1095, collect: 0 }));
    expect(created.status).toBe(200);
    const id: number = created.body.Content.id;
    const fewer = await api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ date: s.date, timeSlotId: s.timeSlotId, adults: 1, children: 0, version: await versionOf(api, id) });
    expect(fewer.body).toMatchObject({ IsOk: true });
    expect(fewer.body.Content).toMatchObject({ totals: { totalUsd: 100, totalAed: 365 }, collect: 0, paidBeyondPriceUsd: 200, paidBeyondPriceAed: 730 });
    const cancelled = await api.http.post(`/api/bookings/${id}/cancel`).set(s.accounts).send({ reason: 'guest request' });
    expect(cancelled.status).toBe(200);
    // The server keeps the figure after the cancel: the pages show it from there (booking-money-rows.ts).
    expect(cancelled.body.Content).toMatchObject({ paidBeyondPriceUsd: 200, paidBeyondPriceAed: 730 });
    const c = cancelled.body.Content.cancellation as { refundUsd: number; refundAed: number; penaltyUsd: number; penaltyAed: number };
    expect([c.refundUsd + c.penaltyUsd, c.refundAed + c.penaltyAed]).toEqual([100, 365]);
    const res = await pdf(`/bookings/download/invoice/${id}`, s.agent);
    expect(res.headers['x-document-version']).toBe(String(cancelled.body.Content.version));
    const text = await pdfFlatText(res.body as Buffer);
    expect(text).toContain('CANCELLED BOOKING');
    // The refund of the total and the 200 beyond it: the 300 paid, less the fee.
    expect(text).toContain(`Not charged (refund of the total) USD ${money(c.refundUsd)} AED ${money(c.refundAed)} Paid beyond the price (to refund to the guest) USD ${money(200)} AED ${money(730)}`);
    expect(text).toContain(`Paid (held by the agency) USD ${money(300)} AED ${money(1095)}`);
  });

  it('an amended booking gets new documents; the old version stays listed in its history', async () => {
    const olga = bearer(await tokenFor(['operations'], { supplierId: s.supplierId }));
    const amended = await api.http.post(`/api/bookings/${booking.id}/amend`).set(olga).send({ guestName: 'Boris Ivanov', roomNumber: '88', hotelId: s.hotelId, version: booking.version });
    expect(amended.status).toBe(200);
    const version: number = amended.body.Content.version;
    expect(version).toBeGreaterThan(booking.version);
    const res = await pdf(`/bookings/download/voucher/${booking.id}?lang=eng`, s.agent);
    expect(res.headers['x-document-version']).toBe(String(version));
    const text = await pdfFlatText(res.body as Buffer);
    expect(text).toContain('Boris Ivanov');
    expect(text).toContain(voucherNumber(booking.id, version));
    const history = await eventually(async () => {
      const h = (await api.http.get(`/api/bookings/${booking.id}/history`).set(s.accounts)).body.Content;
      const docs = h.filter((e: { type: string }) => e.type === 'DocumentIssued');
      return docs.length >= 6 ? docs : undefined;
    }, 30_000, 'six documents');
    const issued = history.map((e: { changes: { after: { kind: string; language: string; bookingVersion: number } }[] }) => e.changes[0]!.after);
    for (const v of [0, version]) {
      for (const [kind, language] of [['invoice', 'eng'], ['voucher', 'eng'], ['voucher', 'rus']]) {
        expect(issued.filter((d: { kind: string; language: string; bookingVersion: number }) => d.kind === kind && d.language === language && d.bookingVersion === v)).toHaveLength(1);
      }
    }
    // A document recorded after the operator opened the booking does not make their next save stale.
    const again = await api.http.post(`/api/bookings/${booking.id}/amend`).set(olga).send({ guestName: 'Boris Ivanov', roomNumber: '89', hotelId: s.hotelId, version });
    expect(again.status).toBe(200);
    const stale = await api.http.post(`/api/bookings/${booking.id}/amend`).set(olga).send({ guestName: 'Boris Ivanov', roomNumber: '90', hotelId: s.hotelId, version });
    expect(stale.status).toBe(409);
  });
});
