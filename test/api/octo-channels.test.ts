import { randomUUID } from 'node:crypto';
import { expireHold } from '@tbo/booking';
import { OctoClock } from '@tbo/connectivity';
// Stream names stay inside their module; the test reads the reservation's stream for its seat claim.
import { octoReservationStream } from '@tbo/connectivity/src/octo-server/reservations/octo-reservation';
import { CommandRunner } from '@tbo/kernel';
import { addDays, DepartureSeats } from '@tbo/scheduling';
import { apiSuite } from '../support/api';
import { agentBookingBody, confirmBody, eventually, octoSetupForFile, reserveBody } from '../support/octo-setup';

/*
 * One departure, two channels: OCTO resellers and the agents sell the same seats, decided on the departure's
 * stream, so neither can overbook the other; a reservation nobody confirms gives its seats back when it expires;
 * and a confirmed OCTO booking is a booking like any other (operator list and details, the agency's list, the
 * manifest), with its channel shown.
 */
describe('OCTO and the agents on the same seats', () => {
  const api = apiSuite();
  const s = octoSetupForFile(api, { capacity: 20 });

  const departure = async (date: string) => {
    const seats = api.app.get(DepartureSeats);
    return seats.seats({ slot: (await seats.slot(s.supplierId, s.slotIds[0]!))!, date });
  };

  it('50 OCTO reserves and 50 agent bookings at once for 20 seats: exactly 20 taken in all', async () => {
    const date = addDays(s.date, 1);
    const availabilityId = `${date}T09:00:00+04:00`;
    const requests = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid: randomUUID(), availabilityId })).then((res) => ({ channel: 'octo' as const, res }))
        : api.http.post('/api/agent/bookings').set(s.agent).send(agentBookingBody(s, { date })).then((res) => ({ channel: 'agent' as const, res })),
    );
    const answers = await Promise.all(requests);
    const won = answers.filter((a) => a.res.status === 200);
    expect(won).toHaveLength(20);
    for (const a of answers.filter((x) => x.res.status !== 200)) {
      expect(a.res.status).toBe(400);
      if (a.channel === 'octo') expect(a.res.body).toEqual({ error: 'UNPROCESSABLE_ENTITY', errorMessage: 'No places left' });
      else expect(a.res.body).toMatchObject({ IsOk: false, ErrorMessage: 'No places left' });
    }
    const holds = won.filter((a) => a.channel === 'octo');
    expect(holds.every((a) => a.res.body.status === 'ON_HOLD')).toBe(true);
    expect(await departure(date)).toMatchObject({ capacity: 20, taken: 20 - holds.length, held: holds.length, left: 0 });

    // The resellers confirm: their holds become taken seats, still 20 in all.
    for (const h of holds) {
      const confirmed = await api.http.post(`/octo/bookings/${h.res.body.uuid}/confirm`).set(s.octo).send(confirmBody());
      expect(confirmed.body.status).toBe('CONFIRMED');
    }
    expect(await departure(date)).toMatchObject({ taken: 20, held: 0, left: 0 });
  });

  it('an expired reservation frees its seats: the agents book them', async () => {
    const date = addDays(s.date, 2);
    const uuid = randomUUID();
    const held = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, availabilityId: `${date}T09:00:00+04:00`, expirationMinutes: 1, unitItems: Array.from({ length: 20 }, () => ({ unitId: 'adult' })) }));
    expect(held.body.status).toBe('ON_HOLD');
    expect((await api.http.post('/api/agent/bookings').set(s.agent).send(agentBookingBody(s, { date }))).body.ErrorMessage).toBe('No places left');

    // Past its expiry the hold-expiry job releases it (run here at that moment, as the worker would).
    const later = new Date(Date.now() + 2 * 60_000);
    const reserved = (await api.store.readStream(octoReservationStream(uuid)))[0]!.data as { bookingId: number; claimId: string; supplierId: number; departure: { groupId: number; timeSlotId: number | null; date: string }; expiresAt: string };
    const job = { bookingId: reserved.bookingId, claimId: reserved.claimId, departure: { supplierId: reserved.supplierId, ...reserved.departure }, expiresAt: reserved.expiresAt };
    expect(await expireHold(new CommandRunner(api.store), api.store, job, () => later)).not.toBeNull();
    expect(await departure(date)).toMatchObject({ held: 0, left: 20 });
    const clock = api.app.get(OctoClock);
    const real = clock.now.bind(clock);
    clock.now = () => later;
    try {
      expect((await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body).toMatchObject({ status: 'EXPIRED', utcExpiresAt: expect.any(String) });
    } finally {
      clock.now = real;
    }
    const agent = await api.http.post('/api/agent/bookings').set(s.agent).send(agentBookingBody(s, { date, adults: 20 }));
    expect(agent.status).toBe(200);
  });

  it("a confirmed OCTO booking is the agency's booking in every list, with its channel, and on the manifest", async () => {
    const date = addDays(s.date, 3);
    const uuid = randomUUID();
    await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, availabilityId: `${date}T09:00:00+04:00`, unitItems: [{ unitId: 'adult' }, { unitId: 'child' }], pickupPointId: String(s.hotelId) }));
    const confirmed = await api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody({ resellerReference: 'OCTO-LISTED', contact: { fullName: 'Olga Resellerova' } }));
    expect(confirmed.body.status).toBe('CONFIRMED');
    const id = Number(confirmed.body.id);

    // The details read table follows the booking's stream a moment later.
    await eventually(async () => (await api.http.get(`/api/bookings/${id}`).set(s.operations)).status === 200);
    const details = await api.http.get(`/api/bookings/${id}`).set(s.operations);
    expect(details.body.Content).toMatchObject({ id, channel: 'octo', agencyId: s.agencyId, agentId: null, guestName: 'Olga Resellerova', voucher: 'OCTO-LISTED', adults: 1, children: 1, hotelId: s.hotelId, date });

    await eventually(async () => {
      const list = await api.http.post('/api/bookings/operations').set(s.operations).send({ from: date, to: date });
      return (list.body.Content?.entities ?? []).some((b: { id: number; channel: string }) => b.id === id && b.channel === 'octo');
    });
    await eventually(async () => {
      const list = await api.http.get('/api/agent/bookings').query({ showMy: 0 }).set(s.agent);
      return (list.body.Content?.entities ?? []).some((b: { id: number }) => b.id === id);
    });
    await eventually(async () => JSON.stringify((await api.http.get('/api/manifests').query({ date }).set(s.operations)).body.Content ?? '').includes('Olga Resellerova'));
  });
});
