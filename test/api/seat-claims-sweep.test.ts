import { randomBytes } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { SEAT_CLAIMS_QUEUE, seatClaimsProcessManager, seatClaimsProcessor, SWEEP_SEAT_CLAIMS_JOB } from '@tbo/booking';
import type { RecordedEvent } from '@tbo/event-schemas';
import { createQueueConnection, jobId, loadConfig, WorkerHost } from '@tbo/kernel';
import { defineProcessManager, processManagerProjection, ProjectionHost, UNSETTLED_SEAT_CLAIMS_TABLE } from '@tbo/read-models';
import { addDays } from '@tbo/scheduling';
// Stream names stay inside their modules; the test reads the streams to see the events themselves.
import { departureStream } from '@tbo/scheduling/src/departures/departure';
import { bookingStream } from '@tbo/booking/src/bookings/booking';
import type { ApiSuite } from '../support/api';
import { bookableSetup, bookingBody, bookWithCrashBetweenAppends, type BookableSetup } from '../support/booking';
import { dropQueues, eventually } from '../support/photos';
import { seedDemo } from '../support/reference';
import { apiWithWorker, type WorkerDeps } from '../support/worker-suite';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
let host: WorkerHost;
let queue: Queue;

/**
 * The seat-claims processor and process manager (for these suppliers' events only, under a name of its own: the
 * run's database holds other files' bookings), in this process, on the file's own queue prefix.
 */
async function startSeatClaimsWorker(deps: WorkerDeps): Promise<{ stop(): Promise<void> }> {
  const connection: Redis = createQueueConnection(loadConfig().REDIS_URL);
  host = new WorkerHost({ connection, prefix: deps.prefix, logger: quiet });
  host.register(seatClaimsProcessor({ store: deps.store, db: deps.db }));
  await host.start();
  queue = new Queue(SEAT_CLAIMS_QUEUE, { connection, prefix: deps.prefix });
  const jobFor = (event: RecordedEvent) => (deps.suppliers.includes((event.data as { supplierId?: number }).supplierId ?? -1) ? seatClaimsProcessManager.jobFor(event) : null);
  const manager = defineProcessManager({ name: `booking_seat_claims_t${randomBytes(4).toString('hex')}`, handles: seatClaimsProcessManager.handles, jobFor });
  const projections = new ProjectionHost(deps.db, deps.store, [processManagerProjection(manager, host)], quiet);
  await projections.start();
  return {
    async stop() {
      await projections.stop();
      await host.close();
      await queue.close();
      await dropQueues(connection, deps.prefix, [SEAT_CLAIMS_QUEUE]);
      await connection.quit();
    },
  };
}

/** The slot's seats left on a date, as the add-booking choices show them (read from the departure's stream). */
async function seatsLeft(api: ApiSuite, s: BookableSetup, date: string): Promise<number | null> {
  const res = await api.http.get(`/api/agent/tours/fornewbooking?date=${date}`).set(s.agent);
  const tour = (res.body.Content as { id: number; offers: { id: number; timeSlots: { id: number; seatsLeft: number | null }[] }[] }[]).find((t) => t.id === s.tourId);
  return tour?.offers.find((o) => o.id === s.offerId)?.timeSlots.find((t) => t.id === s.timeSlotId)?.seatsLeft ?? null;
}

type Claim = { bookingId: number; claimId: string };

/*
 * The seat-claims sweep: a claim whose delayed settling job was lost (Redis restarted without persistence, attempts
 * spent, a worker killed holding it) would keep its seats for good; the worker's periodic sweep settles it from the
 * unsettled_seat_claims read table once it is past its grace period.
 */
describe('seat claims: the sweep settles a claim whose settling job was lost', () => {
  const { api, startWorker } = apiWithWorker('seat-claims-sweep', startSeatClaimsWorker);
  let s: BookableSetup;

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api, { capacity: 20 });
    await startWorker([s.supplierId]);
  }, 120_000);

  const departureEvents = (date: string) => api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }));
  const claimsTaken = async (date: string) => (await departureEvents(date)).filter((e) => e.type === 'DepartureSeatsTaken');
  const claimRow = (claimId: string) => api.db(UNSETTLED_SEAT_CLAIMS_TABLE).where({ claim_id: claimId }).first<{ kind: string } | undefined>();
  /** Runs one sweep job through the queue, as the worker's schedule queues it, and waits for it to end. */
  const sweep = async () => {
    const job: Job = await host.enqueue(SEAT_CLAIMS_QUEUE, SWEEP_SEAT_CLAIMS_JOB, {}, { jobId: jobId('sweep-seat-claims', 'test', randomBytes(4).toString('hex')) });
    await eventually(async () => ((await job.isCompleted()) || (await job.isFailed()) ? true : undefined), 30_000, 'the sweep job');
    expect(await job.isCompleted()).toBe(true);
  };

  it('a crash leftover whose delayed job was lost: left alone within the grace period, then voided and released; a booking that stands keeps its seats', async () => {
    const date = addDays(s.date, 2);
    const soldDate = addDays(s.date, 3);
    const sold = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date: soldDate, adults: 2 }));
    expect(sold.status).toBe(200);
    await bookWithCrashBetweenAppends(api, s, { date, adults: 3 });
    const [taken] = await claimsTaken(date);
    const leftover = taken!.data as Claim;
    const kept = (await claimsTaken(soldDate))[0]!.data as Claim;

    // The process manager queued the settling step a minute later; it is lost (Redis restarted without persistence).
    const settleJob = await eventually(async () => (await queue.getJob(jobId('settle', leftover.claimId))) ?? undefined, 20_000, 'the delayed settling job');
    await settleJob.remove();
    expect(await api.settled('unsettled_seat_claims', taken!.position)).toBe(true);
    expect(await claimRow(leftover.claimId)).toMatchObject({ kind: 'settle' });
    // The standing booking's claim left the table with its BookingCreated: list it again, as a lagging read table would.
    expect(await api.settled('unsettled_seat_claims', sold.body.Content.position)).toBe(true);
    expect(await claimRow(kept.claimId)).toBeUndefined();
    const old = new Date(Date.now() - 10 * 60_000);
    await api.db(UNSETTLED_SEAT_CLAIMS_TABLE).insert({ claim_id: kept.claimId, booking_id: kept.bookingId, supplier_id: s.supplierId, group_id: s.groupId, time_slot_id: null, date: soldDate, kind: 'settle', since: old });

    try {
      // Within its grace period the leftover is its own job's (or its booking command's) to settle.
      await sweep();
      expect(await seatsLeft(api, s, date)).toBe(17);
      expect((await departureEvents(date)).map((e) => e.type)).toEqual(['DepartureSeatsTaken']);

      await api.db(UNSETTLED_SEAT_CLAIMS_TABLE).where({ claim_id: leftover.claimId }).update({ since: old });
      await sweep();
      expect(await seatsLeft(api, s, date)).toBe(20);
      const events = await departureEvents(date);
      expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
        ['DepartureSeatsTaken', undefined],
        ['DepartureSeatsReleased', 'unsettled'],
      ]);
      expect((await api.store.readStream(bookingStream(leftover.bookingId))).map((e) => e.type)).toEqual(['BookingSeatClaimVoided']);
      expect(await api.settled('unsettled_seat_claims', events.at(-1)!.position)).toBe(true);
      expect(await claimRow(leftover.claimId)).toBeUndefined();

      // The booking that stands holds its claim: nothing is voided or released.
      expect(await seatsLeft(api, s, soldDate)).toBe(18);
      expect((await departureEvents(soldDate)).map((e) => e.type)).toEqual(['DepartureSeatsTaken']);
      expect((await api.store.readStream(bookingStream(kept.bookingId))).map((e) => e.type)).toEqual(['BookingCreated']);
    } finally {
      await api.db(UNSETTLED_SEAT_CLAIMS_TABLE).where({ claim_id: kept.claimId }).delete();
    }
  });
});
