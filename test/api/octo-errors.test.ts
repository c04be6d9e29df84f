import { randomUUID } from 'node:crypto';
import { OctoClock } from '@tbo/connectivity';
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

  it('403 FORBIDDEN for no key, a wrong key, and a revoked key at once', async () => {
    expectOctoError(await api.http.get('/octo/products').set('Accept', 'application/json'), 'FORBIDDEN', {}, 403);
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
});
