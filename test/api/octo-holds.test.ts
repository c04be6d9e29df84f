import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { CreateBookingCommand, expireHold, holdExpiryProcessManager, resellerUser, sweepExpiredHolds, type HoldExpiryJob, type NewBookingInput } from '@tbo/booking';
import { CommandRunner, IdGenerator, systemContext } from '@tbo/kernel';
import { addDays, DepartureSeats, dubaiToday, SEAT_MESSAGES, type SlotForBooking } from '@tbo/scheduling';
// Stream names stay inside their modules; the test reads the streams to see the events themselves.
import { departureStream } from '@tbo/scheduling/src/departures/departure';
import { bookingStream } from '@tbo/booking/src/bookings/booking';
import { apiSuite } from '../support/api';
import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { seedDemo } from '../support/reference';

type Seats = { supplierId: number; groupId: number; timeSlotId: number | null; date: string; bookingId: number; claimId: string; seats: number; reason?: string; fromHold?: boolean };

/** Seats held on OCTO reservations share the departure's stream with the agents' bookings. */
describe('seats held for OCTO reservations: counted against agents, converted once, released when expired', () => {
  const api = apiSuite();
  let s: BookableSetup;
  let slot: SlotForBooking;
  let seats: DepartureSeats;
  const context = systemContext('octo-holds-test');

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api, { capacity: 20 });
    seats = api.app.get(DepartureSeats);
    slot = (await seats.slot(s.supplierId, s.timeSlotId))!;
  });

  const departureEvents = async (date: string) => (await api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }))).map((e) => ({ type: e.type, data: e.data as Seats }));
  const hold = async (date: string, n: number, expiresInMs: number) => {
    const claim = { bookingId: await api.app.get(IdGenerator).next('booking'), claimId: randomUUID(), seats: n };
    const now = new Date();
    const expiresAt = new Date(now.getTime() + expiresInMs);
    await seats.hold({ slot, date, claim, expiresAt, today: dubaiToday(now), now, context });
    return { ...claim, expiresAt };
  };
  const agentBooking = (date: string, adults = 1) => api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date, adults }));
  const heldOnChart = async (date: string, position: string) => {
    await api.settled('availability', position);
    const grid = await api.http.get(`/api/availability?from=${date}&days=1`).set(s.admin);
    const row = (grid.body.Content.rows as { groupId: number; timeSlotId: number | null; days: { taken: number; held: number; left: number }[] }[]).find((r) => r.groupId === s.groupId && r.timeSlotId === null)!;
    return row.days[0]!;
  };

  it('refuses agents the seats a hold keeps while it lives, and sells them once it has expired', async () => {
    const date = s.date;
    // Long enough that the booking below still meets the hold alive on a busy machine.
    const { expiresAt } = await hold(date, 20, 8_000);
    const refused = await agentBooking(date);
    expect(Date.now()).toBeLessThan(expiresAt.getTime()); // the refusal came while the hold lived
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ IsOk: false, ErrorMessage: 'No places left' });
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt.getTime() - Date.now())));
    let sold = await agentBooking(date);
    for (const deadline = Date.now() + 10_000; sold.status !== 200 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 250));
      sold = await agentBooking(date);
    }
    expect(sold.status).toBe(200);
    // No release was written: the hold stopped counting by itself.
    expect((await departureEvents(date)).map((e) => e.type)).toEqual(['DepartureSeatsHeld', 'DepartureSeatsTaken']);
  });

  it("confirms a hold into the agency's booking (channel octo, no agent), its seats counted once; a retry answers the same booking", async () => {
    const date = addDays(s.date, 1);
    const claim = await hold(date, 3, 600_000);
    const input: NewBookingInput = { ...bookingBody(s, { date, adults: 3 }), customHotelName: null, foc: 0, paidOrig: null, collectOrig: null, arrivalId: null, groupId: null, groupInfoId: null } as NewBookingInput;
    const reseller = { agencyId: s.agencyId, keyId: 1, bookingId: claim.bookingId, claimId: claim.claimId, resellerReference: 'RES-1', fromHold: true as const };
    const confirm = () => api.app.get(CommandBus).execute(new CreateBookingCommand(resellerUser(s.agencyId), input, context, 'octo', undefined, reseller));
    const created = await confirm();
    expect(created).toMatchObject({ id: claim.bookingId, status: 0 });
    expect(await confirm()).toMatchObject({ id: claim.bookingId, status: 0 });
    expect(await seats.seats({ slot, date })).toMatchObject({ taken: 3, held: 0, left: 17 });
    const events = await departureEvents(date);
    expect(events.map((e) => [e.type, e.data.seats, e.data.fromHold])).toEqual([['DepartureSeatsHeld', 3, undefined], ['DepartureSeatsTaken', 3, true]]);
    const booking = await api.store.readStream(bookingStream(claim.bookingId));
    expect(booking.map((e) => e.type)).toEqual(['BookingCreated']);
    expect(booking[0]!.data).toMatchObject({ agencyId: s.agencyId, agentId: null, staffAgentId: null, channel: 'octo', claimId: claim.claimId, resellerReference: 'RES-1', resellerKeyId: 1 });
    expect(await heldOnChart(date, created.position)).toMatchObject({ taken: 3, held: 0, left: 17 });
    // A reservation never held (or expired and released) is not confirmed.
    const stale = { ...reseller, bookingId: await api.app.get(IdGenerator).next('booking'), claimId: randomUUID() };
    await expect(api.app.get(CommandBus).execute(new CreateBookingCommand(resellerUser(s.agencyId), input, context, 'octo', undefined, stale))).rejects.toThrow(SEAT_MESSAGES.holdExpired);
  });

  it('50 holds and 50 agent bookings at once on 20 seats: exactly 20 held or taken on the departure stream', async () => {
    const date = addDays(s.date, 2);
    const holds = Array.from({ length: 50 }, () => hold(date, 1, 600_000).then(() => 'held', (e: Error) => e.message));
    const bookings = Array.from({ length: 50 }, () => agentBooking(date).then((r) => (r.status === 200 ? 'taken' : r.body.ErrorMessage)));
    const answers = await Promise.all([...holds, ...bookings]);
    expect(answers.filter((a) => a === 'held' || a === 'taken')).toHaveLength(20);
    expect(new Set(answers.filter((a) => a !== 'held' && a !== 'taken'))).toEqual(new Set(['No places left']));
    const events = await departureEvents(date);
    const count = (type: string) => events.filter((e) => e.type === type).reduce((n, e) => n + e.data.seats, 0);
    expect(count('DepartureSeatsHeld') + count('DepartureSeatsTaken')).toBe(20);
    expect(count('DepartureSeatsHeld')).toBe(answers.filter((a) => a === 'held').length);
  });

  it('the process manager releases an expired hold (reason expired) and the chart holds nothing more; the sweep catches one it missed', async () => {
    const date = addDays(s.date, 3);
    await hold(date, 4, 1_000);
    const missed = await hold(date, 2, 1_000);
    const held = (await api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }))).filter((e) => e.type === 'DepartureSeatsHeld');
    expect(await heldOnChart(date, held.at(-1)!.position)).toMatchObject({ held: 6, left: 14 });
    // The sweep lists holds from their read table.
    expect(await api.settled('departure_holds', held.at(-1)!.position)).toBe(true);
    const job = holdExpiryProcessManager.jobFor(held[0]!)!;
    expect(job).toMatchObject({ queue: 'booking-hold-expiry', delayMs: expect.any(Number) });
    expect(job.delayMs).toBeLessThanOrEqual(1_000);
    const runner = new CommandRunner(api.store);
    // The job waits for the expiry if it fires early, then writes the release once.
    const position = await expireHold(runner, api.store, job.data);
    expect(position).not.toBeNull();
    expect(await expireHold(runner, api.store, job.data)).toBeNull();
    await new Promise((r) => setTimeout(r, Math.max(0, missed.expiresAt.getTime() + 5 - Date.now())));
    // The second hold's job never ran (a worker down at its expiry): the sweep releases it (and any other expired hold listed).
    expect(await sweepExpiredHolds({ db: api.db, runner, store: api.store })).toBeGreaterThanOrEqual(1);
    const released = (await departureEvents(date)).filter((e) => e.type === 'DepartureHoldReleased');
    expect(released.map((e) => [e.data.seats, e.data.reason])).toEqual([
      [4, 'expired'],
      [2, 'expired'],
    ]);
    expect(released[1]!.data.claimId).toBe(missed.claimId);
    const last = (await api.store.readStream(departureStream({ groupId: s.groupId, timeSlotId: null, date }))).at(-1)!;
    expect(await heldOnChart(date, last.position)).toMatchObject({ held: 0, left: 20 });
    expect(await api.settled('departure_holds', last.position)).toBe(true);
    expect(await api.db('departure_holds').whereIn('claim_id', [missed.claimId, (job.data as HoldExpiryJob).claimId])).toEqual([]);
  });
});
