import { randomUUID } from 'node:crypto';
// The booking's stream name stays inside its module; the test reads it to see that nothing was sold.
import { bookingStream } from '@tbo/booking/src/bookings/booking';
import { OctoClock } from '@tbo/connectivity';
import { addDays, DepartureSeats } from '@tbo/scheduling';
import { apiSuite } from '../support/api';
import { confirmBody, octoHeaders, octoSetupForFile, reserveBody, secondReseller } from '../support/octo-setup';
import { issuedResellerKey, revokeResellerKey } from '../support/reseller-keys';

/*
 * The standard's errors, each as HTTP 400 with its code, an errorMessage and the offending id; 403 FORBIDDEN for a
 * key that is missing, wrong or revoked (at once). A reseller cannot see or touch another's booking: its uuid
 * answers INVALID_BOOKING_UUID, exactly as an unknown uuid, so nothing about the other reseller leaks.
 */
describe('OCTO supplier API: errors and who may see what', () => {
  const api = apiSuite();
  const s = octoSetupForFile(api, { capacity: 4 });
  const product = () => ({ productId: String(s.tourId), optionId: String(s.offerId) });

  const expectOctoError = (res: { status: number; body: unknown }, error: string, extra: Record<string, unknown> = {}, status = 400) => {
    expect({ status: res.status, body: res.body }).toEqual({ status, body: { error, errorMessage: expect.any(String), ...extra } });
    expect((res.body as { errorMessage: string }).errorMessage.length).toBeGreaterThan(0);
  };

  it('INVALID_PRODUCT_ID and INVALID_OPTION_ID, with the id that was wrong', async () => {
    expectOctoError(await api.http.get('/octo/products/999999999').set(s.octo), 'INVALID_PRODUCT_ID', { productId: '999999999' });
    expectOctoError(await api.http.get('/octo/products/abc').set(s.octo), 'INVALID_PRODUCT_ID', { productId: 'abc' });
    expectOctoError(await api.http.post('/octo/availability').set(s.octo).send({ optionId: String(s.offerId), localDate: s.date }), 'INVALID_PRODUCT_ID', { productId: '' });
    expectOctoError(await api.http.post('/octo/availability').set(s.octo).send({ ...product(), optionId: 'DEFAULT', localDate: s.date }), 'INVALID_OPTION_ID', { optionId: 'DEFAULT' });
    expectOctoError(await api.http.post('/octo/availability/calendar').set(s.octo).send({ ...product(), optionId: '7', localDate: s.date }), 'INVALID_OPTION_ID', { optionId: '7' });
  });

  it('INVALID_UNIT_ID and INVALID_AVAILABILITY_ID', async () => {
    expectOctoError(await api.http.post('/octo/availability').set(s.octo).send({ ...product(), localDate: s.date, units: [{ id: 'senior', quantity: 1 }] }), 'INVALID_UNIT_ID', { unitId: 'senior' });
    expectOctoError(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { unitItems: [{ unitId: 'adult' }, { unitId: 'senior' }] })), 'INVALID_UNIT_ID', { unitId: 'senior' });
    for (const availabilityId of ['tomorrow', `${s.date}T10:00:00+04:00`, `${s.date}T09:00:00+01:00`]) {
      expectOctoError(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { availabilityId })), 'INVALID_AVAILABILITY_ID', { availabilityId });
    }
    // A start time of the option, but on a date outside the valid period.
    expectOctoError(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { availabilityId: '2090-01-02T09:00:00+04:00' })), 'INVALID_AVAILABILITY_ID', { availabilityId: '2090-01-02T09:00:00+04:00' });
    // Asked by ids: one that is no availability id at all is named, not answered with an empty list.
    expectOctoError(await api.http.post('/octo/availability').set(s.octo).send({ ...product(), availabilityIds: [`${s.date}T09:00:00+04:00`, 'foo'] }), 'INVALID_AVAILABILITY_ID', { availabilityId: 'foo' });
  });

  it('UNPROCESSABLE_ENTITY: more units than seats, no adult', async () => {
    const tooMany = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { unitItems: Array.from({ length: 5 }, () => ({ unitId: 'adult' })) }));
    expectOctoError(tooMany, 'UNPROCESSABLE_ENTITY');
    expect(tooMany.body.errorMessage).toBe('Only 4 places left');
    expectOctoError(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { unitItems: [{ unitId: 'child' }] })), 'UNPROCESSABLE_ENTITY');
  });

  it('BAD_REQUEST: no dates, no filter, no unit items, a wrong type, a currency we do not sell in, a body that is not JSON', async () => {
    expectOctoError(await api.http.post('/octo/availability').set(s.octo).send(product()), 'BAD_REQUEST');
    expectOctoError(await api.http.get('/octo/bookings').set(s.octo), 'BAD_REQUEST');
    expectOctoError(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { unitItems: [] })), 'BAD_REQUEST');
    expectOctoError(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { expirationMinutes: 'soon' })), 'BAD_REQUEST');
    expectOctoError(await api.http.post('/octo/availability').set(s.octo).send({ ...product(), localDate: s.date, currency: 'EUR' }), 'BAD_REQUEST');
    expectOctoError(await api.http.post('/octo/bookings').set(s.octo).set('Content-Type', 'application/json').send('{"productId":'), 'BAD_REQUEST');
    // Each says what is wrong in our words: JSON that is no object, a body that is not sent as JSON, a date.
    const nullBody = await api.http.post('/octo/availability').set(s.octo).set('Content-Type', 'application/json').send('null');
    expectOctoError(nullBody, 'BAD_REQUEST');
    expect(nullBody.body.errorMessage).toBe('The request body must be a JSON object');
    const asText = await api.http.post('/octo/availability').set(s.octo).set('Content-Type', 'text/plain').send(JSON.stringify({ ...product(), localDate: s.date }));
    expectOctoError(asText, 'BAD_REQUEST');
    expect(asText.body.errorMessage).toBe('Send the request body as JSON, with the header Content-Type: application/json');
    const badDate = await api.http.post('/octo/availability').set(s.octo).send({ ...product(), localDate: '01.12.2026' });
    expect(badDate.body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'localDate: must be a date (YYYY-MM-DD)' });
    // The list too: a day no calendar has, or a year the store does not take, is the caller's mistake, not Postgres's.
    for (const localDate of ['2026-02-31', '0000-01-01']) expect((await api.http.get('/octo/bookings').query({ localDate }).set(s.octo)).body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'localDate: must be a date (YYYY-MM-DD)' });
    // A parameter sent twice is said to be repeated, not to be no date (Express hands it on as a list).
    for (const repeated of ['localDate=2026-12-27&localDate=2026-12-27', 'resellerReference=A&resellerReference=B', 'localDateStart=2026-12-01&localDateStart=2026-12-01&localDateEnd=2026-12-02']) {
      const name = repeated.slice(0, repeated.indexOf('='));
      expect((await api.http.get(`/octo/bookings?${repeated}`).set(s.octo)).body).toEqual({ error: 'BAD_REQUEST', errorMessage: `${name} must be given once` });
    }
    // A reversed range is said to be reversed, on the list as on availability; a day past the calendar's end is named.
    const reversed = await api.http.get('/octo/bookings').query({ localDateStart: '2026-12-20', localDateEnd: '2026-12-01' }).set(s.octo);
    expect(reversed.body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'localDateEnd must not be before localDateStart' });
    const farOff = await api.http.post('/octo/availability').set(s.octo).send({ ...product(), localDateStart: '9999-12-31', localDateEnd: '9999-12-31' });
    expect(farOff.body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'dates must be between the years 2000 and 2100' });
  });

  it('INVALID_BOOKING_UUID: not a uuid, unknown, expired when confirmed or extended', async () => {
    expectOctoError(await api.http.get('/octo/bookings/not-a-uuid').set(s.octo), 'INVALID_BOOKING_UUID', { uuid: 'not-a-uuid' });
    const unknown = randomUUID();
    expectOctoError(await api.http.get(`/octo/bookings/${unknown}`).set(s.octo), 'INVALID_BOOKING_UUID', { uuid: unknown });
    expectOctoError(await api.http.post(`/octo/bookings/${unknown}/confirm`).set(s.octo).send(confirmBody()), 'INVALID_BOOKING_UUID', { uuid: unknown });

    const uuid = randomUUID();
    expect((await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, expirationMinutes: 1 }))).body.status).toBe('ON_HOLD');
    const clock = api.app.get(OctoClock);
    const real = clock.now.bind(clock);
    clock.now = () => new Date(real().getTime() + 2 * 60_000);
    try {
      expect((await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body).toMatchObject({ status: 'EXPIRED', cancellable: false });
      expectOctoError(await api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody()), 'INVALID_BOOKING_UUID', { uuid });
      expectOctoError(await api.http.post(`/octo/bookings/${uuid}/extend`).set(s.octo).send({}), 'INVALID_BOOKING_UUID', { uuid });
    } finally {
      clock.now = real;
    }
  });

  it('401 UNAUTHORIZED for no key; 403 FORBIDDEN for a wrong key, and a revoked key at once', async () => {
    expectOctoError(await api.http.get('/octo/products').set('Accept', 'application/json'), 'UNAUTHORIZED', {}, 401);
    expectOctoError(await api.http.get('/octo/products').set('Authorization', 'Basic dXNlcjpwYXNz'), 'UNAUTHORIZED', {}, 401);
    expectOctoError(await api.http.get('/octo/products').set(octoHeaders('tbo_not-a-real-key-at-all-000000000000000000')), 'FORBIDDEN', {}, 403);
    const issued = await issuedResellerKey(api.http, s.admin, s.agencyId, 'Soon revoked');
    expect((await api.http.get('/octo/supplier').set(octoHeaders(issued.key))).status).toBe(200);
    await revokeResellerKey(api.http, s.admin, s.agencyId, issued.id);
    expectOctoError(await api.http.get('/octo/supplier').set(octoHeaders(issued.key)), 'FORBIDDEN', {}, 403);
  });

  it("one reseller cannot read, change, cancel or list another's booking: its uuid answers as an unknown one", async () => {
    const other = await secondReseller(api, s);
    const uuid = randomUUID();
    const mine = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, resellerReference: 'MINE-1' }));
    expect(mine.status).toBe(200);
    expectOctoError(await api.http.get(`/octo/bookings/${uuid}`).set(other.octo), 'INVALID_BOOKING_UUID', { uuid });
    expectOctoError(await api.http.post(`/octo/bookings/${uuid}/confirm`).set(other.octo).send(confirmBody()), 'INVALID_BOOKING_UUID', { uuid });
    expectOctoError(await api.http.patch(`/octo/bookings/${uuid}`).set(other.octo).send({ notes: 'mine now' }), 'INVALID_BOOKING_UUID', { uuid });
    expectOctoError(await api.http.post(`/octo/bookings/${uuid}/cancel`).set(other.octo).send({}), 'INVALID_BOOKING_UUID', { uuid });
    // Reusing the uuid is refused too, and holds nothing.
    expectOctoError(await api.http.post('/octo/bookings').set(other.octo).send(reserveBody(s, { uuid })), 'INVALID_BOOKING_UUID', { uuid });
    expect((await api.http.get('/octo/bookings').query({ supplierReference: mine.body.id }).set(other.octo)).body).toEqual([]);
    expect((await api.http.get('/octo/bookings').query({ localDate: s.date }).set(other.octo)).body).toEqual([]);
    // The owner still has it, on hold.
    expect((await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body).toMatchObject({ uuid, status: 'ON_HOLD' });
  });

  const departure = async (date: string) => {
    const seats = api.app.get(DepartureSeats);
    return seats.seats({ slot: (await seats.slot(s.supplierId, s.slotIds[0]!))!, date });
  };

  it('BAD_REQUEST for a reference or guest name longer than the booking keeps, before any seat is held or taken', async () => {
    const date = addDays(s.date, 1);
    const availabilityId = `${date}T09:00:00+04:00`;
    const long = (n: number) => 'x'.repeat(n);
    const longName = { firstName: long(100), lastName: long(100) };
    const refused = async (res: { status: number; body: { errorMessage?: string } }, message: RegExp) => {
      expectOctoError(res, 'BAD_REQUEST');
      expect(res.body.errorMessage).toMatch(message);
    };
    await refused(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { availabilityId, resellerReference: long(101) })), /^resellerReference: .*100/);
    await refused(await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { availabilityId, contact: longName })), /at most 200 characters/);
    expect(await departure(date)).toMatchObject({ taken: 0, held: 0 });

    const uuid = randomUUID();
    const reserved = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, availabilityId }));
    expect(reserved.body.status).toBe('ON_HOLD');
    const confirm = (body: Record<string, unknown>) => api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(body);
    await refused(await confirm(confirmBody({ resellerReference: long(101) })), /^resellerReference: .*100/);
    await refused(await confirm(confirmBody({ contact: longName })), /at most 200 characters/);
    await refused(await confirm(confirmBody({ contact: { fullName: 'Ivan Petrov', emailAddress: 'not-an-email' } })), /^contact\.emailAddress: must be an email address/);
    // Nothing sold, the hold still held: the reseller may confirm again with what fits.
    expect(await departure(date)).toMatchObject({ taken: 0, held: 1 });
    expect(await api.store.readStream(bookingStream(Number(reserved.body.id)))).toEqual([]);
    expect((await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body).toMatchObject({ status: 'ON_HOLD' });
    const confirmed = await confirm({ resellerReference: long(100), contact: { fullName: long(200) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', resellerReference: long(100), contact: { fullName: long(200) } });
    expect(await departure(date)).toMatchObject({ taken: 1, held: 0 });
    // A confirmed booking's reference is amended within the same limit.
    await refused(await api.http.patch(`/octo/bookings/${uuid}`).set(s.octo).send({ resellerReference: long(101) }), /^resellerReference: .*100/);
  });

  it('an object or array where an id belongs answers the id error (never a 500), and holds nothing', async () => {
    const date = addDays(s.date, 2);
    const availabilityId = `${date}T09:00:00+04:00`;
    const evil = { toString: 1 };
    const shown = '{"toString":1}';
    const reserve = (over: Record<string, unknown>) => api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { availabilityId, ...over }));
    expectOctoError(await reserve({ productId: evil }), 'INVALID_PRODUCT_ID', { productId: shown });
    expectOctoError(await reserve({ optionId: evil }), 'INVALID_OPTION_ID', { optionId: shown });
    expectOctoError(await reserve({ availabilityId: [evil] }), 'INVALID_AVAILABILITY_ID', { availabilityId: `[${shown}]` });
    expectOctoError(await reserve({ uuid: evil }), 'INVALID_BOOKING_UUID', { uuid: shown });
    expectOctoError(await reserve({ unitItems: [{ unitId: evil }] }), 'INVALID_UNIT_ID', { unitId: shown });
    expectOctoError(await api.http.post('/octo/availability').set(s.octo).send({ ...product(), productId: evil, localDate: date }), 'INVALID_PRODUCT_ID', { productId: shown });
    expectOctoError(await api.http.post('/octo/availability/calendar').set(s.octo).send({ ...product(), optionId: evil, localDate: date }), 'INVALID_OPTION_ID', { optionId: shown });
    expect(await departure(date)).toMatchObject({ taken: 0, held: 0 });

    // On a reservation, a product, option or availability that is not the reservation's: refused as any other change of them.
    const uuid = randomUUID();
    expect((await reserve({ uuid })).body.status).toBe('ON_HOLD');
    for (const field of ['productId', 'optionId', 'availabilityId']) {
      expectOctoError(await api.http.patch(`/octo/bookings/${uuid}`).set(s.octo).send({ [field]: evil, notes: 'changed' }), 'UNPROCESSABLE_ENTITY');
    }
    expect((await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body).toMatchObject({ status: 'ON_HOLD', notes: null });
    expect((await api.http.post(`/octo/bookings/${uuid}/cancel`).set(s.octo).send({})).body.status).toBe('CANCELLED');
    expect(await departure(date)).toMatchObject({ taken: 0, held: 0 });
  });
});
