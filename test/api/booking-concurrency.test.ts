import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES, BookingFaults, settleSeatClaim, seatClaimsProcessManager } from '@tbo/booking';
import { BookingFacts } from '@tbo/booking/src/bookings/booking-facts';
import { CLAIM_TAKEN_OVER, CommandRunner, systemContext } from '@tbo/kernel';
import { addDays } from '@tbo/scheduling';
// Stream names stay inside their modules; the test reads the streams to see the events themselves.
import { departureStream } from '@tbo/scheduling/src/departures/departure';
import { bookingStream } from '@tbo/booking/src/bookings/booking';
import { bookings } from '@tbo/booking/src/bookings/booking-stream';
import type { ApiSuite } from '../support/api';
import { bookableSetup, bookableSuite, bookingBody, bookWithCrashBetweenAppends, type BookableSetup } from '../support/booking';
import { eventually } from '../support/octo-setup';

/** The slot's seats left on a date, as the add-booking choices show them (read from the departure's stream). */
async function seatsLeft(api: ApiSuite, s: BookableSetup, date: string): Promise<number | null> {
  const res = await api.http.get(`/api/agent/tours/fornewbooking?date=${date}`).set(s.agent);
  const tour = (res.body.Content as { id: number; offers: { id: number; timeSlots: { id: number; seatsLeft: number | null }[] }[] }[]).find((t) => t.id === s.tourId);
  return tour?.offers.find((o) => o.id === s.offerId)?.timeSlots.find((t) => t.id === s.timeSlotId)?.seatsLeft ?? null;
}

describe('bookings under concurrency: never overbooked, a crash settles, one key makes one booking', () => {
  const { api, s } = bookableSuite({ capacity: 20 });

  it.each([0, 1, 2])('100 concurrent requests for 20 seats take exactly 20 (round %i)', async (round) => {
    const date = addDays(s.date, round);
    const answers = await Promise.all(Array.from({ length: 100 }, () => api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date }))));
    const taken = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(taken).toHaveLength(20);
    expect(refused).toHaveLength(80);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ IsOk: false, ErrorMessage: 'No places left' });
    }
    expect(new Set(taken.map((r) => r.body.Content.id)).size).toBe(20);
    expect(await seatsLeft(api, s, date)).toBe(0);
    // The availability chart says the same once its read model has the last booking.
    const last = taken.map((r) => r.body.Content.position as string).sort().at(-1)!;
    await api.settled('availability', last);
    const grid = await api.http.get(`/api/availability?from=${date}&days=1`).set(s.admin);
    const row = (grid.body.Content.rows as { groupId: number; timeSlotId: number | null; days: { taken: number; left: number }[] }[]).find((r) => r.groupId === s.groupId && r.timeSlotId === null)!;
    expect(row.days[0]).toMatchObject({ taken: 20, left: 0 });
  });

  it('a crash between the seat append and the booking append leaves no seat taken after the settling step', async () => {
    const date = addDays(s.date, 5);
    await bookWithCrashBetweenAppends(api, s, { date, adults: 3 });
    expect(await seatsLeft(api, s, date)).toBe(17);
    const taken = (await api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }))).filter((e) => e.type === 'DepartureSeatsTaken');
    expect(taken).toHaveLength(1);
    const claim = taken[0]!.data as { bookingId: number; claimId: string; supplierId: number; groupId: number; timeSlotId: number | null; date: string };
    expect((await api.store.readStream(bookingStream(claim.bookingId))).filter((e) => e.type === 'BookingCreated')).toHaveLength(0);

    // The process manager queues the settling step for this claim, later than any command takes.
    const job = seatClaimsProcessManager.jobFor(taken[0]!);
    expect(job).toMatchObject({ data: { bookingId: claim.bookingId, claimId: claim.claimId }, delayMs: expect.any(Number) });
    const runner = new CommandRunner(api.store);
    expect(await settleSeatClaim(runner, api.store, job!.data as never)).toBe('released-unsettled');
    expect(await seatsLeft(api, s, date)).toBe(20);
    // Run again (a retried job): nothing more happens.
    expect(await settleSeatClaim(runner, api.store, job!.data as never)).toBe('released-unsettled');
    expect((await api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }))).filter((e) => e.type === 'DepartureSeatsReleased')).toHaveLength(1);
    // The booking append, arriving late (the process was only slow), is refused: no booking stands on released seats.
    const late = bookings.run(runner, claim.bookingId, { type: 'CreateBooking', data: { claimId: claim.claimId } as never }, systemContext('test'));
    await expect(late).rejects.toThrow(BOOKING_MESSAGES.unsettled);
    const stream = await api.store.readStream(bookingStream(claim.bookingId));
    expect(stream.map((e) => e.type)).toEqual(['BookingSeatClaimVoided']);
  });

  it('a settled booking keeps its seats: the settling step finds it sold', async () => {
    const date = addDays(s.date, 6);
    const res = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date, adults: 2 }));
    expect(res.status).toBe(200);
    const taken = (await api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }))).find((e) => e.type === 'DepartureSeatsTaken')!;
    const job = seatClaimsProcessManager.jobFor(taken)!;
    expect(await settleSeatClaim(new CommandRunner(api.store), api.store, job.data as never)).toBe('sold');
    expect(await seatsLeft(api, s, date)).toBe(18);
  });

  /** The departure's events for the slot on `date`, to settle what a change left behind as the worker would. */
  const departureEvents = (date: string) => api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }));
  const runSeatClaimJobs = async (events: Awaited<ReturnType<typeof departureEvents>>) => {
    const runner = new CommandRunner(api.store);
    const outcomes: string[] = [];
    for (const e of events) {
      const job = seatClaimsProcessManager.jobFor(e);
      if (job) outcomes.push(await settleSeatClaim(runner, api.store, job.data as never));
    }
    return outcomes;
  };

  it('a reschedule on the same date keeps both claims until the booking moved; settled, the booking stays editable at the version it answered', async () => {
    const date = addDays(s.date, 8);
    const made = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date, adults: 4 }));
    expect(made.status).toBe(200);
    const id = made.body.Content.id as number;
    await api.settled('booking_details', made.body.Content.position);
    const opened = await api.http.get(`/api/bookings/${id}`).set(s.operations);
    const moved = await api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ date, timeSlotId: s.timeSlotId, adults: 3, version: opened.body.Content.version });
    expect(moved.status).toBe(200);
    expect(await seatsLeft(api, s, date)).toBe(17);
    // The old claim went back after the booking took the new one: taken, taken, then released.
    expect((await departureEvents(date)).map((e) => e.type)).toEqual(['DepartureSeatsTaken', 'DepartureSeatsTaken', 'DepartureSeatsReleased']);
    // The worker's settling steps for both claims (the moved one is voided on the booking's stream) change nothing a person sees...
    const booking = await api.store.readStream(bookingStream(id));
    expect(await runSeatClaimJobs([...(await departureEvents(date)), ...booking])).toEqual(['released-moved', 'sold', 'released-moved']);
    expect(await seatsLeft(api, s, date)).toBe(17);
    // ...so the form opened after the reschedule still saves.
    const confirmed = await api.http.post(`/api/bookings/${id}/amend`).set(s.operations).send({ guestName: 'Omar Saleh', version: moved.body.Content.version });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.Content).toMatchObject({ guestName: 'Omar Saleh', adults: 3 });
  });

  it('a reschedule refused as stale takes and gives back no seats: the guests stay counted', async () => {
    const date = addDays(s.date, 9);
    const made = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date, adults: 4 }));
    const id = made.body.Content.id as number;
    await api.settled('booking_details', made.body.Content.position);
    const opened = (await api.http.get(`/api/bookings/${id}`).set(s.operations)).body.Content as { version: number };
    const amended = await api.http.post(`/api/bookings/${id}/amend`).set(s.admin).send({ guestName: 'Someone Else', version: opened.version });
    expect(amended.status).toBe(200);
    const stale = await api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ date, timeSlotId: s.timeSlotId, adults: 3, version: opened.version });
    expect(stale.status).toBe(409);
    expect(await seatsLeft(api, s, date)).toBe(16);
    expect(await runSeatClaimJobs(await departureEvents(date))).toEqual(['sold']);
    expect(await seatsLeft(api, s, date)).toBe(16);
  });

  it('a reschedule refused after it took its new seats (a cancel landed meanwhile) gives them back at once', async () => {
    const date = addDays(s.date, 14);
    const made = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date, adults: 4 }));
    const id = made.body.Content.id as number;
    await api.settled('booking_details', made.body.Content.position);
    const opened = (await api.http.get(`/api/bookings/${id}`).set(s.operations)).body.Content as { version: number };
    const faults = api.app.get(BookingFaults);
    let resume!: () => void;
    faults.beforeRescheduleAppend = () => new Promise<void>((r) => (resume = r));
    const moving = api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ date, timeSlotId: s.timeSlotId, adults: 6, version: opened.version }).then((r) => r);
    // Both claims count until the booking holds one of them.
    await eventually(async () => (await seatsLeft(api, s, date)) === 10);
    faults.beforeRescheduleAppend = null;
    expect((await api.http.post(`/api/bookings/${id}/cancel`).set(s.admin).send({ reason: 'Guest called' })).status).toBe(200);
    resume();
    expect((await moving).status).toBe(409);
    // No settling job needed: the refused reschedule voided and released its claim before answering.
    expect(await seatsLeft(api, s, date)).toBe(20);
    expect((await api.store.readStream(bookingStream(id))).map((e) => e.type)).toEqual(['BookingCreated', 'BookingCancelled', 'BookingSeatClaimVoided']);
  });

  it('one Idempotency-Key sent twice at once makes one booking', async () => {
    const date = addDays(s.date, 7);
    const key = `booking-${randomUUID()}`;
    const body = bookingBody(s, { date, adults: 2 });
    const [a, b] = await Promise.all([0, 1].map(() => api.http.post('/api/agent/bookings').set(s.agent).set('Idempotency-Key', key).send(body)));
    expect(a!.status).toBe(200);
    expect(b!.status).toBe(200);
    expect(b!.body.Content.id).toBe(a!.body.Content.id);
    expect(await seatsLeft(api, s, date)).toBe(18);
  });

  describe('a retry that takes over the Idempotency-Key of a process that died', () => {
    const post = (key: string, body: object, agent = s.agent) => api.http.post('/api/agent/bookings').set(agent).set('Idempotency-Key', key).send(body);
    /** The key's claim as a dead process leaves it: pending, no answer, claimed long enough ago to be taken over. */
    const orphanClaim = (key: string) =>
      api.db('command_idempotency').where({ key }).update({ status: 'pending', answer: null, created_at: api.db.raw(`now() - interval '3 minutes'`) });
    const bookingsMade = async (id: number) => (await api.store.readStream(bookingStream(id))).filter((e) => e.type === 'BookingCreated').length;

    it('answers the booking that run made when only its answer was lost', async () => {
      const date = addDays(s.date, 11);
      const key = `booking-${randomUUID()}`;
      const body = bookingBody(s, { date, adults: 2 });
      const first = await post(key, body);
      expect(first.status).toBe(200);
      await orphanClaim(key);
      const retry = await post(key, body);
      expect(retry.status).toBe(200);
      expect(retry.body.Content).toMatchObject({ id: first.body.Content.id, status: first.body.Content.status });
      expect(await seatsLeft(api, s, date)).toBe(18);
      // The retry's answer is the key's answer from now on.
      expect((await post(key, body)).body.Content.id).toBe(first.body.Content.id);
    });

    it('gives back the seats of a run that died between its two appends, books once, and refuses that run if it was only slow', async () => {
      const date = addDays(s.date, 10);
      const key = `booking-${randomUUID()}`;
      const body = bookingBody(s, { date, adults: 2 });
      const faults = api.app.get(BookingFaults);
      let resume!: () => void;
      faults.beforeBookingAppend = () => new Promise<void>((r) => (resume = r));
      const stalled = post(key, body).then((r) => r);
      await eventually(async () => (await seatsLeft(api, s, date)) === 18);
      faults.beforeBookingAppend = null;
      const claim = (await api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }))).find((e) => e.type === 'DepartureSeatsTaken')!.data as { bookingId: number };

      await orphanClaim(key);
      const retry = await post(key, body);
      expect(retry.status).toBe(200);
      expect(retry.body.Content.id).not.toBe(claim.bookingId);
      expect(await seatsLeft(api, s, date)).toBe(18);

      resume();
      expect((await stalled).status).toBe(409);
      expect(await bookingsMade(claim.bookingId)).toBe(0);
      expect(await bookingsMade(retry.body.Content.id)).toBe(1);
      expect(await seatsLeft(api, s, date)).toBe(18);
      expect((await post(key, body)).body.Content.id).toBe(retry.body.Content.id);
    });

    it('keeps the key to the retry when the run it took over was only slow and fails while the retry is still running', async () => {
      const date = addDays(s.date, 12);
      const key = `booking-${randomUUID()}`;
      const body = bookingBody(s, { date, adults: 2 });
      const faults = api.app.get(BookingFaults);
      const resumes: (() => void)[] = [];
      faults.beforeBookingAppend = () => new Promise<void>((r) => resumes.push(r));
      const slow = post(key, body).then((r) => r);
      await eventually(async () => resumes.length === 1);
      await orphanClaim(key);
      const retry = post(key, body).then((r) => r);
      // The retry has settled the slow run and taken its own seats.
      await eventually(async () => resumes.length === 2);
      faults.beforeBookingAppend = null;
      resumes[0]!();
      expect((await slow).status).toBe(409);
      resumes[1]!();
      const answered = await retry;
      expect(answered.status).toBe(200);
      // The slow run's failure let go of nothing: the key answers the retry's booking, and no third one is made.
      expect((await post(key, body)).body.Content.id).toBe(answered.body.Content.id);
      expect(await seatsLeft(api, s, date)).toBe(18);
    });

    it('refuses a run that was slow before it noted its booking: it writes nothing beside the retry', async () => {
      const date = addDays(s.date, 13);
      const key = `booking-${randomUUID()}`;
      const body = bookingBody(s, { date, adults: 2 });
      const facts = api.app.get(BookingFacts);
      const offer = facts.offer.bind(facts);
      let resume!: () => void;
      const stalledOnce = new Promise<void>((r) => (resume = r));
      let calls = 0;
      facts.offer = async (id) => {
        if (calls++ === 0) await stalledOnce;
        return offer(id);
      };
      try {
        const slow = post(key, body).then((r) => r);
        await eventually(async () => calls === 1);
        await orphanClaim(key);
        const retry = await post(key, body);
        expect(retry.status).toBe(200);
        resume();
        const late = await slow;
        expect(late.status).toBe(409);
        expect(late.body.ErrorMessage).toBe(CLAIM_TAKEN_OVER);
      } finally {
        facts.offer = offer;
      }
      expect(await seatsLeft(api, s, date)).toBe(18);
    });

    it('closes the stream of a dead run that sells no seats (an offer without time slots): its late append is refused', async () => {
      const free = await bookableSetup(api, { offer: { timeSlots: [] } });
      const key = `booking-${randomUUID()}`;
      const body = bookingBody(free, { timeSlotId: null, adults: 2 });
      const faults = api.app.get(BookingFaults);
      let resume!: () => void;
      faults.beforeBookingAppend = () => new Promise<void>((r) => (resume = r));
      const slow = post(key, body, free.agent).then((r) => r);
      await eventually(async () => resume !== undefined);
      faults.beforeBookingAppend = null;
      const noted = (await api.db('command_idempotency').where({ key }).first<{ work: { bookingId: number } }>('work')).work.bookingId;
      await orphanClaim(key);
      const retry = await post(key, body, free.agent);
      expect(retry.status).toBe(200);
      resume();
      expect((await slow).status).toBe(409);
      expect(await bookingsMade(noted)).toBe(0);
      expect(await bookingsMade(retry.body.Content.id)).toBe(1);
    });
  });
});
