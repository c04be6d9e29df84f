import { randomUUID } from 'node:crypto';
import { OctoClock } from '@tbo/connectivity';
import { OCTO_MESSAGES } from '@tbo/connectivity/src/octo-server/pure/octo-problem.pure';
import { addedItemUuid } from '@tbo/connectivity/src/octo-server/pure/octo-unit-items.pure';
import { addDays } from '@tbo/scheduling';
import { apiSuite } from '../support/api';
import { versionOf } from '../support/booking';
import { confirmBody, eventually, octoSetupForFile, reserveBody } from '../support/octo-setup';

/*
 * What the back office does to an OCTO booking shows in the reseller's answers: a move to another date, slot or
 * counts (availability, unit items, pricing, the list by date), a guest amended, a decline (REJECTED), the
 * supplier's confirmation of a PENDING one (utcConfirmedAt). And the reseller's own limits: no cancel past the
 * cancellation cutoff, an extension never shortens a hold, a reference changed is the booking's voucher.
 */
describe('OCTO bookings after the back office changed them', () => {
  const api = apiSuite();
  const s = octoSetupForFile(api, { capacity: 20 });

  const at = (date: string, hhmm = '09:00') => `${date}T${hhmm}:00+04:00`;
  const get = async (uuid: string) => (await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body;
  const listed = async (query: Record<string, string>) => ((await api.http.get('/octo/bookings').query(query).set(s.octo)).body as { uuid: string }[]).map((b) => b.uuid);
  const booked = async (over: Record<string, unknown> = {}, confirm: Record<string, unknown> = {}) => {
    const uuid = randomUUID();
    const reserved = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, ...over }));
    expect(reserved.status).toBe(200);
    const confirmed = await api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody(confirm));
    expect(confirmed.status).toBe(200);
    return { uuid, id: Number(confirmed.body.id), body: confirmed.body };
  };
  const withClock = async (now: Date, work: () => Promise<void>) => {
    const clock = api.app.get(OctoClock);
    const real = clock.now.bind(clock);
    clock.now = () => now;
    try {
      await work();
    } finally {
      clock.now = real;
    }
  };

  it('follows a move to another date, slot and counts: availability, unit items, pricing and the list by date', async () => {
    const party = [
      { uuid: randomUUID(), unitId: 'adult' },
      { uuid: randomUUID(), unitId: 'adult' },
      { uuid: randomUUID(), unitId: 'child' },
    ];
    const { uuid, id } = await booked({ unitItems: party });
    const to = addDays(s.date, 1);
    const moved = await api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ date: to, timeSlotId: s.slotIds[1], adults: 1, children: 2, infants: 1, version: await versionOf(api, id) });
    expect(moved.status).toBe(200);

    const now = await get(uuid);
    expect(now).toMatchObject({ status: 'CONFIRMED', availabilityId: at(to, '15:00'), availability: { id: at(to, '15:00'), localDateTimeStart: at(to, '15:00'), localDateTimeEnd: at(to, '16:30'), status: 'AVAILABLE' } });
    // The adult and the child that remain keep the reseller's ids; the added child and infant get stable ones.
    expect(now.unitItems.map((u: { uuid: string }) => u.uuid)).toEqual([party[0]!.uuid, party[2]!.uuid, addedItemUuid(uuid, 'child', 1), addedItemUuid(uuid, 'infant', 0)]);
    expect(now.unitItems.map((u: { pricing: { retail: number } }) => u.pricing.retail)).toEqual([10000, 5000, 5000, 0]);
    expect(now.pricing).toMatchObject({ retail: 20000, currency: 'USD' });
    expect((await get(uuid)).unitItems).toEqual(now.unitItems);
    await eventually(async () => (await listed({ localDate: to })).includes(uuid));
    expect(await listed({ localDate: s.date })).not.toContain(uuid);
  });

  it("follows the guest amended in the back office, and a reseller's later change leaves it be", async () => {
    const { uuid, id } = await booked({ availabilityId: at(addDays(s.date, 2)) });
    const amended = await api.http.post(`/api/bookings/${id}/amend`).set(s.operations).send({ guestName: 'Boris Amended', phones: ['+971500000001'], version: await versionOf(api, id) });
    expect(amended.status).toBe(200);
    expect((await get(uuid)).contact).toMatchObject({ fullName: 'Boris Amended', firstName: null, lastName: null, phoneNumber: '+971500000001', emailAddress: 'anna@example.com' });
    // The reseller changes only its notes: the guest operations named stays.
    expect((await api.http.patch(`/octo/bookings/${uuid}`).set(s.octo).send({ notes: 'Window seat' })).body).toMatchObject({ notes: 'Window seat', contact: { fullName: 'Boris Amended' } });
    expect((await api.http.get(`/api/bookings/${id}`).set(s.operations)).body.Content).toMatchObject({ guestName: 'Boris Amended', phones: ['+971500000001'], notes: 'Window seat' });
  });

  it("a reseller's PATCH racing an operator's amend keeps the operator's change whenever it was accepted", async () => {
    const { uuid, id } = await booked({ availabilityId: at(addDays(s.date, 2), '15:00') });
    for (let round = 1; round <= 4; round++) {
      const version = await versionOf(api, id);
      const phone = `+97150000010${round}`;
      const [operator, reseller] = await Promise.all([
        api.http.post(`/api/bookings/${id}/amend`).set(s.operations).send({ guestName: `Guest ${round}`, version }),
        api.http.patch(`/octo/bookings/${uuid}`).set(s.octo).send({ contact: { phoneNumber: phone } }),
      ]);
      expect(reseller.status).toBe(200);
      // The operator's form may be stale when the reseller's change landed first: 409, said so, nothing written.
      expect([200, 409]).toContain(operator.status);
      // The details are a read model: wait for the reseller's phone, then the operator's name must be there too.
      const details = async () => (await api.http.get(`/api/bookings/${id}`).set(s.operations)).body.Content as { phones: string[]; guestName: string };
      await eventually(async () => (await details()).phones[0] === phone);
      if (operator.status === 200) expect((await details()).guestName).toBe(`Guest ${round}`);
    }
  });

  it('a reference changed by PATCH is the booking’s voucher, and the reference GET and the list answer', async () => {
    const { uuid, id } = await booked({ availabilityId: at(addDays(s.date, 3)) }, { resellerReference: 'REF-OLD' });
    const patched = await api.http.patch(`/octo/bookings/${uuid}`).set(s.octo).send({ resellerReference: 'REF-NEW' });
    expect(patched.body).toMatchObject({ resellerReference: 'REF-NEW' });
    expect((await get(uuid)).resellerReference).toBe('REF-NEW');
    await eventually(async () => (await listed({ resellerReference: 'REF-NEW' })).includes(uuid));
    expect(await listed({ resellerReference: 'REF-OLD' })).toEqual([]);
    await eventually(async () => (await api.http.get(`/api/bookings/${id}`).set(s.operations)).body.Content?.voucher === 'REF-NEW');
    // Cleared: no reference, and no voucher left saying the old one.
    expect((await api.http.patch(`/octo/bookings/${uuid}`).set(s.octo).send({ resellerReference: null })).body.resellerReference).toBeNull();
    await eventually(async () => (await api.http.get(`/api/bookings/${id}`).set(s.operations)).body.Content?.voucher === '');
  });

  it('refuses a cancel past the cancellation cutoff (24 hours), and says so in cancellable; the back office still cancels', async () => {
    const date = addDays(s.date, 4);
    const { uuid, id } = await booked({ availabilityId: at(date) });
    const start = Date.parse(at(date));
    await withClock(new Date(start - 25 * 3_600_000), async () => expect((await get(uuid)).cancellable).toBe(true));
    await withClock(new Date(start - 23 * 3_600_000), async () => {
      expect((await get(uuid)).cancellable).toBe(false);
      const refused = await api.http.post(`/octo/bookings/${uuid}/cancel`).set(s.octo).send({ reason: 'Too late' });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { error: 'UNPROCESSABLE_ENTITY', errorMessage: OCTO_MESSAGES.pastCutoff } });
      expect((await get(uuid)).status).toBe('CONFIRMED');
    });
    const before = Date.now() - 1_000;
    expect((await api.http.post(`/api/bookings/${id}/cancel`).set(s.operations).send({ reason: 'Guest called the supplier' })).status).toBe(200);
    const cancelled = await get(uuid);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellable: false, cancellation: { refund: 'FULL', reason: 'Guest called the supplier' } });
    expect(Date.parse(cancelled.cancellation.utcCancelledAt)).toBeGreaterThanOrEqual(before);
  });

  it('an extension never shortens a hold: {} after 60 minutes keeps the later expiry', async () => {
    const uuid = randomUUID();
    const reserved = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, availabilityId: at(addDays(s.date, 5)), expirationMinutes: 60 }));
    const expires = Date.parse(reserved.body.utcExpiresAt);
    const extended = await api.http.post(`/octo/bookings/${uuid}/extend`).set(s.octo).send({});
    expect(extended.status).toBe(200);
    expect(Date.parse(extended.body.utcExpiresAt)).toBe(expires);
    const longer = await api.http.post(`/octo/bookings/${uuid}/extend`).set(s.octo).send({ expirationMinutes: 90 });
    expect(Date.parse(longer.body.utcExpiresAt)).toBeGreaterThan(expires);
  });

  describe('an On Request slot', () => {
    beforeAll(async () => {
      const group = (await api.http.get(`/api/timeslots/groups/${s.groupId}`).set(s.admin)).body.Content as { timeSlots: { id: number }[] };
      const slot = group.timeSlots.find((t) => t.id === s.slotIds[1])!;
      const saved = await api.http.put('/api/timeslots').set(s.admin).send({ ...slot, type: 1, cutOffResponseTime: 6 });
      expect(saved.status).toBe(200);
      await api.settled('time_slot_groups', saved.body.Content.position);
    });
    const pending = async (days: number) => {
      const b = await booked({ availabilityId: at(addDays(s.date, days), '15:00') });
      expect(b.body).toMatchObject({ status: 'PENDING', utcConfirmedAt: null });
      return b;
    };

    it('PENDING has no utcConfirmedAt; the supplier’s confirmation sets it', async () => {
      const { uuid, id } = await pending(6);
      expect((await get(uuid)).utcConfirmedAt).toBeNull();
      const before = Date.now() - 1_000;
      expect((await api.http.post(`/api/bookings/${id}/confirm`).set(s.operations).send({})).status).toBe(200);
      await eventually(async () => (await get(uuid)).utcConfirmedAt !== null);
      const now = await get(uuid);
      expect(now.status).toBe('CONFIRMED');
      expect(Date.parse(now.utcConfirmedAt)).toBeGreaterThanOrEqual(before);
    });

    it('a decline is REJECTED, with its reason, and cannot be cancelled over OCTO', async () => {
      const { uuid, id } = await pending(7);
      expect((await api.http.post(`/api/bookings/${id}/decline`).set(s.operations).send({ reason: 'Boat in repair' })).status).toBe(200);
      const now = await get(uuid);
      expect(now).toMatchObject({ status: 'REJECTED', cancellable: false, utcConfirmedAt: null, cancellation: { reason: 'Boat in repair' } });
      expect(now.unitItems[0].status).toBe('REJECTED');
      const refused = await api.http.post(`/octo/bookings/${uuid}/cancel`).set(s.octo).send({});
      expect(refused.body).toEqual({ error: 'UNPROCESSABLE_ENTITY', errorMessage: OCTO_MESSAGES.rejected });
      expect((await get(uuid)).status).toBe('REJECTED');
    });
  });
});
