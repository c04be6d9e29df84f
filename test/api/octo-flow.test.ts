import { addDays } from '@tbo/scheduling';
import { OCTO_MESSAGES } from '@tbo/connectivity/src/octo-server/pure/octo-problem.pure';
import { apiSuite } from '../support/api';
import { versionOf } from '../support/booking';
import { confirmBody, eventually, octoHeaders, octoSetupForFile, reserveBody } from '../support/octo-setup';

/*
 * The OCTO standard's whole flow, as a reseller walks it: supplier → products → availability calendar →
 * availability → reserve → extend → confirm → update → get → list → cancel, with unit prices (octo/pricing),
 * pick-up points (octo/pickups) and content (octo/content).
 */
describe('OCTO supplier API: the whole flow', () => {
  const api = apiSuite();
  const s = octoSetupForFile(api, { commission: 25 });

  const octo = () => api.http;

  it('walks supplier, products, calendar, availability, reserve, extend, confirm, update, get, list and cancel', async () => {
    const supplier = await octo().get('/octo/supplier').set(s.octo);
    expect(supplier.status).toBe(200);
    expect(supplier.headers['octo-capabilities']).toBe('octo/pricing, octo/pickups, octo/content');
    expect(supplier.body).toEqual({ id: String(s.supplierId), name: expect.any(String), endpoint: expect.stringMatching(/\/octo$/), contact: { website: null, email: null, telephone: null, address: null }, shortDescription: null, media: [] });

    const capabilities = await octo().get('/octo/capabilities').set(s.octo);
    expect(capabilities.body.map((c: { id: string }) => c.id)).toEqual(['octo/pricing', 'octo/pickups', 'octo/content']);

    // Products: the tour, its offer as the option, adult/child/infant as units with the offer's ages.
    const products = await octo().get('/octo/products').set(s.octo);
    expect(products.status).toBe(200);
    expect(products.body).toHaveLength(1);
    const product = products.body[0];
    expect(product).toMatchObject({
      id: String(s.tourId),
      internalName: 'Creek Abra Ride',
      reference: 'OCTO-ABR',
      timeZone: 'Asia/Dubai',
      availabilityType: 'START_TIME',
      availabilityRequired: true,
      allowFreesale: false,
      instantConfirmation: true,
      defaultCurrency: 'USD',
      availableCurrencies: ['USD', 'AED'],
      pricingPer: 'UNIT',
      title: 'Creek Abra Ride',
      shortDescription: 'Cross the creek by abra',
    });
    const option = product.options[0];
    expect(option).toMatchObject({ id: String(s.offerId), default: true, cancellationCutoff: '24 hours', cancellationCutoffAmount: 24, cancellationCutoffUnit: 'hour', availabilityLocalStartTimes: ['09:00', '15:00'], requiredContactFields: ['firstName', 'lastName'], pickupAvailable: true, pickupRequired: false });
    expect(option.pickupPoints).toEqual([expect.objectContaining({ id: String(s.hotelId), name: expect.any(String) })]);
    expect(option.units.map((u: { id: string; type: string }) => [u.id, u.type])).toEqual([['adult', 'ADULT'], ['child', 'CHILD'], ['infant', 'INFANT']]);
    expect(option.units[1].restrictions).toMatchObject({ minAge: 4, maxAge: 12, accompaniedBy: ['adult'] });
    // Retail is the period's price; net comes from the agency's 25% commission.
    expect(option.units[0].pricingFrom[0]).toMatchObject({ retail: 10000, original: 10000, net: 7500, currency: 'USD', currencyPrecision: 2 });
    expect(option.units[1].pricingFrom[1]).toMatchObject({ retail: 18250, net: 13688, currency: 'AED' });
    expect((await octo().get(`/octo/products/${s.tourId}`).set(s.octo)).body).toEqual(product);

    // Calendar over a week, then the day's start times with the departure's vacancies.
    const calendar = await octo().post('/octo/availability/calendar').set(s.octo).send({ productId: String(s.tourId), optionId: String(s.offerId), localDateStart: s.date, localDateEnd: addDays(s.date, 6) });
    expect(calendar.status).toBe(200);
    expect(calendar.body).toHaveLength(7);
    expect(calendar.body[0]).toMatchObject({ localDate: s.date, available: true, status: 'AVAILABLE', vacancies: 20, capacity: 20, openingHours: [] });
    expect(calendar.body[0].unitPricingFrom).toEqual(expect.arrayContaining([expect.objectContaining({ unitId: 'adult', retail: 10000, net: 7500 })]));

    const availability = await octo().post('/octo/availability').set(s.octo).send({ productId: String(s.tourId), optionId: String(s.offerId), localDate: s.date, units: [{ id: 'adult', quantity: 2 }, { id: 'child', quantity: 1 }] });
    expect(availability.status).toBe(200);
    expect(availability.body.map((a: { id: string }) => a.id)).toEqual([`${s.date}T09:00:00+04:00`, `${s.date}T15:00:00+04:00`]);
    expect(availability.body[0]).toMatchObject({ localDateTimeStart: `${s.date}T09:00:00+04:00`, localDateTimeEnd: `${s.date}T10:30:00+04:00`, allDay: false, available: true, status: 'AVAILABLE', vacancies: 20, capacity: 20 });
    expect(availability.body[0].pricing).toMatchObject({ retail: 25000, net: 18750, currency: 'USD' });
    expect(availability.body[0].pickupPoints[0]).toMatchObject({ id: String(s.hotelId), localDateTime: `${s.date}T07:00:00+04:00` });

    // Reserve two adults, a child and an infant with a pick-up: three seats held, the infant on a lap.
    const uuid = crypto.randomUUID();
    const reserved = await octo()
      .post('/octo/bookings')
      .set(s.octo)
      .send(reserveBody(s, { uuid, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }, { unitId: 'infant' }], pickupRequested: true, pickupPointId: String(s.hotelId), pickupHotelRoom: '1204', expirationMinutes: 15 }));
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({ uuid, status: 'ON_HOLD', productId: String(s.tourId), optionId: String(s.offerId), availabilityId: `${s.date}T09:00:00+04:00`, pickupRequested: true, pickupPointId: String(s.hotelId), pickupHotelRoom: '1204', utcConfirmedAt: null });
    expect(reserved.body.pricing).toMatchObject({ retail: 25000, net: 18750 });
    expect(reserved.body.unitItems.map((u: { pricing: { retail: number } }) => u.pricing.retail)).toEqual([10000, 10000, 5000, 0]);
    expect(Date.parse(reserved.body.utcExpiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const held = await octo().post('/octo/availability').set(s.octo).send({ productId: String(s.tourId), optionId: String(s.offerId), availabilityIds: [`${s.date}T09:00:00+04:00`] });
    expect(held.body).toEqual([expect.objectContaining({ vacancies: 17 })]);
    // The uuid is the idempotency key: the same request again answers the same reservation, nothing more held;
    // another party or departure under it is refused, not answered with a booking that is not what was asked.
    const party = [{ unitId: 'child' }, { unitId: 'adult' }, { unitId: 'infant' }, { unitId: 'adult' }];
    expect((await octo().post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, unitItems: party }))).body).toMatchObject({ uuid, id: reserved.body.id });
    for (const other of [{ unitItems: [{ unitId: 'adult' }] }, { availabilityId: `${s.date}T10:00:00+04:00`, unitItems: party }]) {
      const refused = await octo().post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, ...other }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'INVALID_BOOKING_UUID', errorMessage: OCTO_MESSAGES.uuidTaken, uuid });
    }

    const extended = await octo().post(`/octo/bookings/${uuid}/extend`).set(s.octo).send({ expirationMinutes: 60 });
    expect(extended.status).toBe(200);
    expect(Date.parse(extended.body.utcExpiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);

    const confirmed = await octo().post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody({ resellerReference: 'VOUCHER-0123' }));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', resellerReference: 'VOUCHER-0123', supplierReference: reserved.body.id, utcExpiresAt: null, contact: { fullName: 'Anna Smirnova', firstName: 'Anna' } });
    expect(confirmed.body.utcConfirmedAt).toEqual(expect.any(String));
    expect(confirmed.body.pickupPoint).toMatchObject({ id: String(s.hotelId), localDateTime: `${s.date}T07:00:00+04:00` });
    expect(confirmed.body.pricing).toMatchObject({ retail: 25000, net: 18750 });

    const updated = await octo().patch(`/octo/bookings/${uuid}`).set(s.octo).send({ resellerReference: 'VOUCHER-0124', notes: 'Vegetarian meal', contact: { phoneNumber: '+971509999999' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: 'CONFIRMED', resellerReference: 'VOUCHER-0124', notes: 'Vegetarian meal', contact: { fullName: 'Anna Smirnova', phoneNumber: '+971509999999' } });

    const got = await octo().get(`/octo/bookings/${uuid}`).set(s.octo);
    expect(got.body).toEqual({ ...updated.body, utcUpdatedAt: expect.any(String) });

    // Listed by the reseller's reference, by the supplier's and by date (the read table follows the stream).
    await eventually(async () => (await octo().get('/octo/bookings').query({ resellerReference: 'VOUCHER-0124' }).set(s.octo)).body.length === 1);
    expect((await octo().get('/octo/bookings').query({ supplierReference: reserved.body.id }).set(s.octo)).body.map((b: { uuid: string }) => b.uuid)).toEqual([uuid]);
    expect((await octo().get('/octo/bookings').query({ localDate: s.date }).set(s.octo)).body.map((b: { uuid: string }) => b.uuid)).toContain(uuid);
    expect((await octo().get('/octo/bookings').query({ localDateStart: addDays(s.date, 1), localDateEnd: addDays(s.date, 5) }).set(s.octo)).body).toEqual([]);

    const cancelled = await octo().post(`/octo/bookings/${uuid}/cancel`).set(s.octo).send({ reason: 'Guest changed plans' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellable: false, cancellation: { refund: 'FULL', reason: 'Guest changed plans', utcCancelledAt: expect.any(String) } });
    const freed = await octo().post('/octo/availability').set(s.octo).send({ productId: String(s.tourId), optionId: String(s.offerId), availabilityIds: [`${s.date}T09:00:00+04:00`] });
    expect(freed.body[0].vacancies).toBe(20);
  });

  const at = (days: number) => `${addDays(s.date, days)}T09:00:00+04:00`;
  const booked = async (reserve: Record<string, unknown>, confirm: Record<string, unknown> = {}) => {
    const uuid = crypto.randomUUID();
    const reserved = await octo().post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, ...reserve }));
    expect(reserved.status).toBe(200);
    const confirmed = await octo().post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody(confirm));
    expect(confirmed.status).toBe(200);
    return { uuid, id: Number(confirmed.body.id), reserved: reserved.body, confirmed: confirmed.body };
  };
  const guestName = async (id: number) => ((await api.http.get(`/api/bookings/${id}`).set(s.operations)).body.Content as { guestName: string }).guestName;
  const refs = (b: { unitItems: { resellerReference: string | null }[] }) => b.unitItems.map((u) => u.resellerReference);
  const uuids = (b: { unitItems: { uuid: string }[] }) => b.unitItems.map((u) => u.uuid);
  const second = () => new Promise((r) => setTimeout(r, 1_100));

  it('takes a name sent as firstName and lastName, at confirm and PATCH, over the one the reservation had', async () => {
    const { uuid, id, confirmed } = await booked({ availabilityId: at(1), contact: { firstName: 'Ann', lastName: 'Old' } }, { contact: { firstName: 'Maria', lastName: 'New' } });
    expect(confirmed.contact).toMatchObject({ fullName: 'Maria New', firstName: 'Maria', lastName: 'New' });
    await eventually(async () => (await guestName(id)) === 'Maria New');
    // One half sent: the other stays, and the full name is the two again.
    const patched = await octo().patch(`/octo/bookings/${uuid}`).set(s.octo).send({ contact: { firstName: 'Boris' } });
    expect(patched.body.contact).toMatchObject({ fullName: 'Boris New', firstName: 'Boris', lastName: 'New' });
    await eventually(async () => (await guestName(id)) === 'Boris New');
  });

  it("keeps the unit items' references sent at confirm and PATCH (same units, same uuids), after a reload too", async () => {
    const { uuid, reserved, confirmed } = await booked(
      { availabilityId: at(2), unitItems: [{ unitId: 'adult', resellerReference: 'T-1' }, { unitId: 'adult' }] },
      { unitItems: [{ unitId: 'adult', resellerReference: 'TK-A' }, { unitId: 'adult', resellerReference: 'TK-B' }] },
    );
    expect(refs(confirmed)).toEqual(['TK-A', 'TK-B']);
    expect(uuids(confirmed)).toEqual(uuids(reserved));
    const patched = await octo().patch(`/octo/bookings/${uuid}`).set(s.octo).send({ unitItems: [{ unitId: 'adult', resellerReference: 'P-A' }, { unitId: 'adult', resellerReference: 'P-B' }] });
    expect(patched.status).toBe(200);
    expect(refs(patched.body)).toEqual(['P-A', 'P-B']);
    const got = (await octo().get(`/octo/bookings/${uuid}`).set(s.octo)).body;
    expect({ refs: refs(got), uuids: uuids(got) }).toEqual({ refs: ['P-A', 'P-B'], uuids: uuids(reserved) });
    // Other units are still refused: the seats held are for these.
    expect((await octo().patch(`/octo/bookings/${uuid}`).set(s.octo).send({ unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] })).body.errorMessage).toBe(OCTO_MESSAGES.unitItemsChanged);
  });

  it("a PATCH of what the booking does not keep leaves the booking's version, so an operator's open form stays valid", async () => {
    const { uuid, id } = await booked({ availabilityId: at(3) });
    const version = await versionOf(api, id);
    const patched = await octo().patch(`/octo/bookings/${uuid}`).set(s.octo).send({ contact: { emailAddress: 'new@example.com' } });
    expect(patched.body.contact).toMatchObject({ emailAddress: 'new@example.com', fullName: 'Anna Smirnova' });
    expect(await versionOf(api, id)).toBe(version);
    expect((await api.http.post(`/api/bookings/${id}/amend`).set(s.operations).send({ roomNumber: '12', version })).status).toBe(200);
  });

  it("moves utcUpdatedAt with the back office's changes, and a cancel of a booking it cancelled answers it as it is", async () => {
    const { uuid, id, confirmed } = await booked({ availabilityId: at(4) });
    await second();
    expect((await api.http.post(`/api/bookings/${id}/amend`).set(s.operations).send({ roomNumber: '77', version: await versionOf(api, id) })).status).toBe(200);
    const amended = (await octo().get(`/octo/bookings/${uuid}`).set(s.octo)).body;
    expect(Date.parse(amended.utcUpdatedAt)).toBeGreaterThan(Date.parse(confirmed.utcUpdatedAt));
    await second();
    expect((await api.http.post(`/api/bookings/${id}/cancel`).set(s.operations).send({ reason: 'Weather' })).status).toBe(200);
    const cancelled = (await octo().get(`/octo/bookings/${uuid}`).set(s.octo)).body;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellation: { reason: 'Weather' } });
    expect(Date.parse(cancelled.utcUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(cancelled.cancellation.utcCancelledAt));
    expect(Date.parse(cancelled.utcUpdatedAt)).toBeGreaterThan(Date.parse(amended.utcUpdatedAt));
    await second();
    // The reseller's cancel after the supplier's: the supplier's reason and time stand.
    const again = await octo().post(`/octo/bookings/${uuid}/cancel`).set(s.octo).send({ reason: 'Mine' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'CANCELLED', cancellation: cancelled.cancellation, utcUpdatedAt: cancelled.utcUpdatedAt });
    expect((await octo().get(`/octo/bookings/${uuid}`).set(s.octo)).body.cancellation).toEqual(cancelled.cancellation);
  });

  it('lists every OCTO route in the API docs', async () => {
    const docs = await api.http.get('/api/docs/json');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/octo/supplier', '/octo/capabilities', '/octo/products', '/octo/products/{id}', '/octo/availability/calendar', '/octo/availability', '/octo/bookings', '/octo/bookings/{uuid}', '/octo/bookings/{uuid}/extend', '/octo/bookings/{uuid}/confirm', '/octo/bookings/{uuid}/cancel']),
    );
    expect(Object.keys(docs.body.paths['/octo/bookings/{uuid}'])).toEqual(expect.arrayContaining(['get', 'patch']));
  });

  it('answers without the capabilities it was not asked for', async () => {
    const bare = octoHeaders(s.key, '');
    const products = await api.http.get('/octo/products').set(bare);
    expect(products.headers['octo-capabilities']).toBe('');
    expect(products.body[0]).not.toHaveProperty('defaultCurrency');
    expect(products.body[0]).not.toHaveProperty('title');
    expect(products.body[0].options[0]).not.toHaveProperty('pickupPoints');
    expect(products.body[0].options[0].units[0]).not.toHaveProperty('pricingFrom');
  });
});

