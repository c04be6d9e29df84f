import { randomUUID } from 'node:crypto';
import { expireHold } from '@tbo/booking';
// The booking's stream name stays inside its module; the tests read it to see what stands.
import { bookingStream } from '@tbo/booking/src/bookings/booking';
import { OctoClock, OctoFaults, octoConfirmationsProcessManager, settleOctoConfirmation, type OctoConfirmationJob } from '@tbo/connectivity';
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
    // Who booked it, there and in its history: the reseller's API, by that name, not the key that called.
    expect(details.body.Content.bookedBy.name).toBe('Reseller API (OCTO)');
    const history = (await api.http.get(`/api/bookings/${id}/history`).set(s.operations)).body.Content as { type: string; by: { name: string } }[];
    expect(history.find((e) => e.type === 'BookingCreated')!.by.name).toBe('Reseller API (OCTO)');

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

  describe('a confirmation stopped between the booking and the reservation (a crash, a failure in between)', () => {
    const types = async (stream: string) => (await api.store.readStream(stream)).map((e) => e.type);
    const moveClock = (ms: number) => {
      const clock = api.app.get(OctoClock);
      const real = clock.now.bind(clock);
      clock.now = () => new Date(real().getTime() + ms);
      return () => {
        clock.now = real;
      };
    };

    /** A two-adult reservation expiring in a minute, confirmed by a process killed after the booking's append. */
    const confirmedThenKilled = async (date: string) => {
      const uuid = randomUUID();
      const reserved = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, availabilityId: `${date}T09:00:00+04:00`, expirationMinutes: 1, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] }));
      expect(reserved.body.status).toBe('ON_HOLD');
      const bookingId = Number(reserved.body.id);
      const faults = api.app.get(OctoFaults);
      faults.afterBookingMade = () => Promise.reject(new Error('killed between the booking and the reservation'));
      try {
        expect((await api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody({ resellerReference: `CRASH-${date}` }))).status).toBe(500);
      } finally {
        faults.afterBookingMade = null;
      }
      // The booking stands on the hold's seats; the reservation was never told.
      expect(await types(bookingStream(bookingId))).toEqual(['BookingCreated']);
      expect(await types(octoReservationStream(uuid))).toEqual(['OctoBookingReserved']);
      expect(await departure(date)).toMatchObject({ taken: 2, held: 0 });
      return { uuid, bookingId };
    };

    it('a confirm retried past the expiry answers the booking that stands, confirmed, and records it once', async () => {
      const date = addDays(s.date, 4);
      const { uuid, bookingId } = await confirmedThenKilled(date);
      const restore = moveClock(2 * 60_000);
      try {
        const retried = await api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody({ resellerReference: `CRASH-${date}` }));
        expect(retried.status).toBe(200);
        expect(retried.body).toMatchObject({ uuid, id: String(bookingId), status: 'CONFIRMED', resellerReference: `CRASH-${date}`, contact: { fullName: 'Anna Smirnova', emailAddress: 'anna@example.com' } });
        expect((await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body).toMatchObject({ status: 'CONFIRMED', utcExpiresAt: null });
        expect((await api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody())).body).toMatchObject({ status: 'CONFIRMED', id: String(bookingId) });
      } finally {
        restore();
      }
      expect(await types(octoReservationStream(uuid))).toEqual(['OctoBookingReserved', 'OctoBookingConfirmed']);
      expect(await types(bookingStream(bookingId))).toEqual(['BookingCreated']);
      expect(await departure(date)).toMatchObject({ taken: 2, held: 0 });
    });

    it('a cancel past the expiry cancels the booking that stands (its seats back), not only the reservation', async () => {
      const date = addDays(s.date, 5);
      const { uuid, bookingId } = await confirmedThenKilled(date);
      const restore = moveClock(2 * 60_000);
      try {
        const cancelled = await api.http.post(`/octo/bookings/${uuid}/cancel`).set(s.octo).send({ reason: 'Plans changed' });
        expect(cancelled.status).toBe(200);
        // Five days ahead, past the 24-hour cut-off: the booking's policy refunds it in full.
        expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'FULL', reason: 'Plans changed' } });
      } finally {
        restore();
      }
      expect(await types(bookingStream(bookingId))).toEqual(['BookingCreated', 'BookingCancelled']);
      expect(await types(octoReservationStream(uuid))).toEqual(['OctoBookingReserved', 'OctoBookingConfirmed', 'OctoBookingCancelled']);
      expect(await departure(date)).toMatchObject({ taken: 0, held: 0, left: 20 });
    });

    it('the process manager records the confirmation of a booking nobody retries, once', async () => {
      const date = addDays(s.date, 6);
      const { uuid, bookingId } = await confirmedThenKilled(date);
      const [created] = await api.store.readStream(bookingStream(bookingId));
      const job = octoConfirmationsProcessManager.jobFor(created!)!;
      expect(job).toMatchObject({ queue: 'octo-confirmations', data: { bookingId, supplierId: s.supplierId, agencyId: s.agencyId }, delayMs: 60_000 });
      // The reservation is found by its booking id in the read table written when it was reserved.
      const [reserved] = await api.store.readStream(octoReservationStream(uuid));
      expect(await api.settled('octo_bookings', reserved!.position)).toBe(true);
      const deps = { store: api.store, db: api.db, runner: new CommandRunner(api.store) };
      expect(await settleOctoConfirmation(deps, job.data as OctoConfirmationJob)).toBe('recorded');
      // Run again (a retried job, or a confirm retried meanwhile): nothing more.
      expect(await settleOctoConfirmation(deps, job.data as OctoConfirmationJob)).toBe('confirmed');
      expect(await types(octoReservationStream(uuid))).toEqual(['OctoBookingReserved', 'OctoBookingConfirmed']);
      const restore = moveClock(2 * 60_000);
      try {
        expect((await api.http.get(`/octo/bookings/${uuid}`).set(s.octo)).body).toMatchObject({ status: 'CONFIRMED', id: String(bookingId), resellerReference: `CRASH-${date}`, contact: { fullName: 'Anna Smirnova' } });
      } finally {
        restore();
      }
      // An agent's booking is none of its business.
      const agent = await api.http.post('/api/agent/bookings').set(s.agent).send(agentBookingBody(s, { date }));
      const [agentCreated] = await api.store.readStream(bookingStream(agent.body.Content.id as number));
      expect(octoConfirmationsProcessManager.jobFor(agentCreated!)).toBeNull();
    });
  });
});
