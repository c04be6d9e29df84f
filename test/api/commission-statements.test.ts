import { bookingEventSchemas, type BookingCreatedData } from '@tbo/event-schemas';
import { metadataOf, systemContext } from '@tbo/kernel';
import { dubaiMonth, type AgencyStatementRow, type CommissionStatementView, type StatementListRow } from '@tbo/read-models';
import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { seedBooking, sheetRows, type SeededBooking } from '../support/booking-events';
import { pdfFlatText } from '../support/documents';
import { registerTenants } from '../support/identity';

const round2 = (x: number) => Math.round(x * 100) / 100;
const totals = (usd: number, commission: number) => ({ totalUsd: usd, totalAed: round2(usd * 3.67), netUsd: round2(usd - commission), netAed: round2((usd - commission) * 3.67), grossSales: usd, agencyReceivable: commission });
const nextMonth = (m: string) => {
  const d = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 1));
  return d.toISOString().slice(0, 7);
};
const rescheduledExample = bookingEventSchemas.find((d) => d.type === 'BookingRescheduled')!.example as Record<string, unknown>;

describe('commission statements: /api/reports/statements and /api/agent/commissions/statements', () => {
  const api = apiSuite();
  const month = dubaiMonth(new Date());
  let supplierId: number;
  let agencyId: number;
  let agencyName: string;
  let otherAgencyId: number;
  let accounts: Record<string, string>;
  let b1: SeededBooking;
  let b2: SeededBooking;
  let issued: CommissionStatementView;

  const statement = async (m: string, headers = accounts, agency = agencyId) => api.http.get(`/api/reports/statements/${agency}/${m}`).set(headers);
  /** A later event on a seeded booking's stream, as the booking commands would append it. */
  const append = async (b: SeededBooking, revision: number, type: string, data: Record<string, unknown>) =>
    api.store.appendToStream(`booking-${b.id}`, [{ type, data: { ...data, id: b.id, supplierId } }], { expectedRevision: revision, metadata: metadataOf(systemContext('test')) });

  beforeAll(async () => {
    ({ supplierId, agencyId, agencyName } = await registerTenants(api.app));
    otherAgencyId = (await registerTenants(api.app)).agencyId;
    accounts = bearer(await tokenFor(['accounts'], { supplierId }));
    const base: Partial<BookingCreatedData> = { supplierId, agencyId, agentId: 71, tourName: 'Desert Safari', offerName: 'Standard', guestName: 'Anna Smirnova', date: '2030-03-01' };
    b1 = await seedBooking(api.app, { ...base, totals: totals(250, 50) });
    b2 = await seedBooking(api.app, { ...base, guestName: 'Ivan Petrov', totals: totals(180.55, 36.11) });
    // Another agency's booking and a staff booking: neither is on this agency's statement.
    await seedBooking(api.app, { ...base, agencyId: otherAgencyId, totals: totals(100, 20) });
    const staff = await seedBooking(api.app, { ...base, agencyId: null, agentId: null, staffAgentId: 74, totals: totals(120, 0) });
    expect(await api.settled('commission_statements', staff.position, 15_000)).toBe(true);
  }, 60_000);

  it('issues a month once; later amendments and cancellations leave it as issued and go on the next statement', async () => {
    const preview = (await statement(month)).body.Content as CommissionStatementView;
    expect(preview).toMatchObject({ issued: false, agencyName, total: 86.11 });
    expect(preview.lines.map((l) => [l.bookingId, l.kind, l.amount, l.runningTotal])).toEqual([
      [b1.id, 'booked', 50, 50],
      [b2.id, 'booked', 36.11, 86.11],
    ]);

    const res = await api.http.post(`/api/reports/statements/${agencyId}/${month}/issue`).set(accounts);
    expect(res.status).toBe(200);
    const { position: _position, ...answer } = res.body.Content as CommissionStatementView & { position: string };
    issued = answer;
    expect(issued).toMatchObject({ issued: true, number: 1, total: 86.11, lines: preview.lines });

    // Issuing the same month again is refused (409), not done twice.
    const again = await api.http.post(`/api/reports/statements/${agencyId}/${month}/issue`).set(accounts);
    expectErrorEnvelope(again, 409);
    expect(again.body.ErrorMessage).toBe('The statement for this month is already issued');
    // Nor a month still to come.
    expectErrorEnvelope(await api.http.post(`/api/reports/statements/${agencyId}/${nextMonth(month)}/issue`).set(accounts), 400);

    // An amendment raising b1's commission and a cancellation of b2, both already on the issued statement.
    await append(b1, 0, 'BookingRescheduled', { ...rescheduledExample, totals: totals(312.5, 62.5), previousClaimId: b1.data.claimId, previousDeparture: b1.data.departure });
    const cancel = await append(b2, 0, 'BookingCancelled', { claimId: b2.data.claimId, departure: b2.data.departure, reason: 'Guest ill', hoursBeforeStart: 48, penaltyPercent: 0, refundUsd: 180.55, refundAed: 662.62, penaltyUsd: 0, penaltyAed: 0 });
    expect(await api.settled('commission_statements', cancel.position, 15_000)).toBe(true);

    expect((await statement(month)).body.Content).toEqual(issued);
    const next = (await statement(nextMonth(month))).body.Content as CommissionStatementView;
    expect(next).toMatchObject({ issued: false, total: -23.61 });
    expect(next.lines.map((l) => [l.bookingId, l.kind, l.amount, l.runningTotal])).toEqual([
      [b1.id, 'rescheduled', 12.5, 12.5],
      [b2.id, 'cancelled', -36.11, -23.61],
    ]);

    const list = (await api.http.get(`/api/reports/statements?month=${month}`).set(accounts)).body.Content as StatementListRow[];
    expect(list.find((r) => r.agencyId === agencyId)).toMatchObject({ issued: true, number: 1, lineCount: 2, total: 86.11, lastIssuedMonth: month });
    expect(list.find((r) => r.agencyId === otherAgencyId)).toMatchObject({ issued: false, lineCount: 1, total: 20 });
  });

  it('downloads the statement as PDF and xlsx with its lines and total', async () => {
    const pdf = await api.http.get(`/api/reports/statements/${agencyId}/${month}/pdf`).set(accounts).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`commission-statement-${month}.pdf`);
    const text = await pdfFlatText(pdf.body as Buffer);
    for (const expected of [agencyName, `BK-${b1.id}`, `BK-${b2.id}`, 'Anna Smirnova', 'USD 50.00', 'USD 36.11', 'USD 86.11', 'Statement No. 1']) expect(text).toContain(expected);
    expect(text).not.toContain('62.50');

    const xlsx = await api.http.get(`/api/reports/statements/${agencyId}/${month}/xlsx`).set(accounts).buffer(true).parse(binary);
    expect(xlsx.status).toBe(200);
    const rows = await sheetRows(xlsx.body as Buffer);
    expect(rows.slice(1, -1).map((r) => [r[1], r[2], r[6], r[7], r[8]])).toEqual([
      [`BK-${b1.id}`, 'Booked', 'Anna Smirnova', 50, 50],
      [`BK-${b2.id}`, 'Booked', 'Ivan Petrov', 36.11, 86.11],
    ]);
    expect([rows.at(-1)![0], rows.at(-1)![7]]).toEqual(['Total', 86.11]);
  });

  it('shows the agency admin its own issued statements only; other suppliers, agencies and plain agents get nothing', async () => {
    const admin = bearer(await tokenFor(['agent'], { agencyId, isAgencyAdmin: true }));
    const mine = (await api.http.get('/api/agent/commissions/statements').set(admin)).body.Content as AgencyStatementRow[];
    expect(mine).toEqual([expect.objectContaining({ supplierId, month, number: 1, lineCount: 2, total: 86.11 })]);
    const pdf = await api.http.get(`/api/agent/commissions/statements/${supplierId}/${month}/pdf`).set(admin).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(await pdfFlatText(pdf.body as Buffer)).toContain('USD 86.11');

    const otherAdmin = bearer(await tokenFor(['agent'], { agencyId: otherAgencyId, isAgencyAdmin: true }));
    expect((await api.http.get('/api/agent/commissions/statements').set(otherAdmin)).body.Content).toEqual([]);
    expectErrorEnvelope(await api.http.get(`/api/agent/commissions/statements/${supplierId}/${month}/xlsx`).set(otherAdmin), 404);
    const plainAgent = bearer(await tokenFor(['agent'], { agencyId }));
    expectErrorEnvelope(await api.http.get('/api/agent/commissions/statements').set(plainAgent), 403);

    const { supplierId: otherSupplier } = await registerTenants(api.app);
    const stranger = bearer(await tokenFor(['accounts'], { supplierId: otherSupplier }));
    expectErrorEnvelope(await statement(month, stranger), 404);
    expectErrorEnvelope(await api.http.get(`/api/reports/statements/${agencyId}/${month}/pdf`).set(stranger), 404);
    expectErrorEnvelope(await api.http.post(`/api/reports/statements/${agencyId}/${month}/issue`).set(stranger), 404);
    const theirs = (await api.http.get(`/api/reports/statements?month=${month}`).set(stranger)).body.Content as StatementListRow[];
    expect(theirs.some((r) => r.agencyId === agencyId)).toBe(false);
    // Operations staff of the supplier itself may not read statements.
    expectErrorEnvelope(await statement(month, bearer(await tokenFor(['operations'], { supplierId }))), 403);
  });
});
