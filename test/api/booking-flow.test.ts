import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext } from '@tbo/kernel';
import { BOOKING_MESSAGES, bookingTotals, SignContractCommand, type BookingView, type UnitPrices } from '@tbo/booking';
import { addDays } from '@tbo/scheduling';
import { apiSuite, bearer, contentOf, expectErrorEnvelope, tokenFor } from '../support/api';
import { bookableSetup, bookingBody, versionOf, type BookableSetup } from '../support/booking';
import { completeAfterItsDate } from '../support/booking-events';
import { seedDemo } from '../support/reference';

/** A booking as the details and the operator actions answer it. */
type Answer = BookingView & { agencyName: string; agentName: string; bookedBy: { id: string | null; name: string }; isOverdue: boolean; differenceUsd?: number; differenceAed?: number };

const content = <T = Answer>(res: { status: number; body: unknown }, status = 200): T => contentOf<T>(res, status);

interface TourChoice {
  id: number;
  offers: { id: number; isOnRequest: boolean; timeSlots: { id: number; name: string; startHour: number; startMinutes: number; seatsLeft: number | null; closed: boolean; isOnRequest: boolean }[] }[];
}

/*
 * The agent's add-booking flow through the calls, and what operations and accounts do with the booking after.
 * Supplier S sells a live slot (capacity 10) and contracts agency A; supplier P sells an OnRequest slot and
 * contracts agency B only. A third agency C is contracted by S through the contracting tab. Each scenario
 * books a date of its own, so seat counts never depend on the order the tests run in.
 */
describe('bookings: the agent flow, per-agency commission, tenancy, and the operator actions', () => {
  const api = apiSuite();
  let s: BookableSetup;
  let p: BookableSetup;
  /** Named users, so the history can say who changed what. */
  let alia: Record<string, string>;
  let olga: Record<string, string>;
  let agencyC: { agencyId: number; agent: Record<string, string> };

  const seatsLeft = async (who: Record<string, string>, setup: BookableSetup, date: string): Promise<number | null | undefined> => {
    const tours = content<TourChoice[]>(await api.http.get(`/api/agent/tours/fornewbooking?hotelId=${setup.hotelId}&date=${date}`).set(who));
    return tours.find((t) => t.id === setup.tourId)?.offers.find((o) => o.id === setup.offerId)?.timeSlots.find((t) => t.id === setup.timeSlotId)?.seatsLeft;
  };
  const book = async (who: Record<string, string>, setup: BookableSetup, over: Record<string, unknown> = {}) =>
    content<{ id: number; status: number; position: string }>(await api.http.post('/api/agent/bookings').set(who).send(bookingBody(setup, over)));
  /** The booking as its agent reads it, once the details read model has it. */
  const agentView = async (who: Record<string, string>, created: { id: number; position: string }) => {
    await api.settled('booking_details', created.position);
    return content(await api.http.get(`/api/agent/bookings/${created.id}`).set(who));
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api, {
      capacity: 10,
      // The offer's own policy: all back 96 hours or more before the start, half from 24 hours, nothing later.
      offer: { infantsAllowed: true, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }, { hours: 96, percents: 100 }] },
    });
    p = await bookableSetup(api, { slotType: 1 });
    alia = bearer(await tokenFor(['agent'], { supplierId: null, agencyId: s.agencyId, isAgencyAdmin: true, fullName: 'Alia Haddad', email: `alia.a${s.agencyId}@test.local` }));
    olga = bearer(await tokenFor(['operations'], { supplierId: s.supplierId, fullName: 'Olga Petrova', email: `olga.s${s.supplierId}@test.local` }));
    const tag = randomBytes(3).toString('hex');
    const added = content<{ agencyId: number; agentEmail: string; position: string }>(
      await api.http.post('/api/contracts').set(s.admin).send({ agencyName: `Gulf Travel ${tag}`, agentFullName: 'Omar Saleh', agentEmail: `omar.${tag}@test.local`, agentPassword: `Falcon-${tag}-Dunes-42`, commission: null }),
    );
    await api.settled('users', added.position);
    await api.settled('contracts', added.position);
    agencyC = { agencyId: added.agencyId, agent: bearer(await tokenFor(['agent'], { email: added.agentEmail })) };
    // bookableSetup signs its contracts through the command: let the contracts table catch up.
    await api.settled('contracts', (await api.store.headPosition())!);
  });

  it('walks the add-booking calls: hotel, tours with seats left, prices of the worked example, booking, details', async () => {
    const hotels = content<{ id: number; name: string; cityName: string }[]>(await api.http.get('/api/agent/hotels/fornewbooking').set(alia));
    const hotel = hotels.find((h) => h.id === s.hotelId);
    expect(hotel).toMatchObject({ id: s.hotelId, name: expect.any(String) });

    const tours = content<TourChoice[]>(await api.http.get(`/api/agent/tours/fornewbooking?hotelId=${s.hotelId}&date=${s.date}`).set(alia));
    const tour = tours.find((t) => t.id === s.tourId);
    expect(tour).toMatchObject({ id: s.tourId, nameDisplay: 'Booking Tour', offers: [{ id: s.offerId, isOnRequest: false, childrenAllowed: true }] });
    expect(tour!.offers[0]!.timeSlots).toEqual([expect.objectContaining({ id: s.timeSlotId, name: 'Morning', startHour: 9, startMinutes: 0, seatsLeft: 10, closed: false, isOnRequest: false })]);
    // The agency sees only the suppliers that contract it: P's tour is not among them.
    expect(tours.some((t) => t.id === p.tourId)).toBe(false);

    const prices = content<{ offerId: number; prices: UnitPrices }[]>(await api.http.get(`/api/agent/offers/price?tourId=${s.tourId}&date=${s.date}`).set(alia));
    expect(prices).toHaveLength(1);
    expect(prices[0]).toMatchObject({ offerId: s.offerId, prices: { adultRecUsd: 100, adultNetUsd: 80, adultRecAed: 365, adultNetAed: 292, childRecUsd: 50, childNetUsd: 40, commission: 20, commissionSource: 'period' } });
    // Spec 02 §3 'Offer price for new booking', flat: net (pricePerX) and publish (pricePerXRec) in USD and local (AED),
    // the commission, and the totals of the form's default booking (one adult, the trip once).
    const flat = prices[0] as unknown as Record<string, unknown>;
    expect(flat).toMatchObject({
      pricePerAdult: 80, pricePerChild: 40, pricePerTrip: 0,
      pricePerAdultLocal: 292, pricePerChildLocal: 146, pricePerTripLocal: 0,
      pricePerAdultRec: 100, pricePerChildRec: 50, pricePerTripRec: 0,
      pricePerAdultRecLocal: 365, pricePerChildRecLocal: 182.5, pricePerTripRecLocal: 0,
      commission: 20,
      totalNetPriceUsd: 80, totalNetPriceAed: 292, totalPublishRateUsd: 100, totalPublishRateAed: 365,
    });
    expect(typeof flat.periodStart).toBe('string');
    expect(typeof flat.periodEnd).toBe('string');
    const quoted = bookingTotals(prices[0]!.prices, { adults: 2, children: 1 });
    expect(quoted).toEqual({ totalUsd: 250, totalAed: 912.5, netUsd: 200, netAed: 730, grossSales: 250, agencyReceivable: 50 });

    const created = await book(alia, s, { adults: 2, children: 1, infants: 1, hotelId: hotel!.id, paid: 50, collect: 200, voucherNumber: 'V-FLOW-1' });
    expect(created).toMatchObject({ id: expect.any(Number), status: 0 });
    const view = await agentView(alia, created);
    expect(view).toMatchObject({
      id: created.id,
      status: 0,
      statusText: 'Normal',
      agencyId: s.agencyId,
      agentName: 'Alia Haddad',
      bookedBy: { name: 'Alia Haddad' },
      date: s.date,
      tourId: s.tourId,
      tourName: 'Booking Tour',
      offerId: s.offerId,
      offerName: 'Booking Tour — Standard',
      timeSlotId: s.timeSlotId,
      timeSlotName: 'Morning',
      startTime: 540,
      hotelId: hotel!.id,
      hotelName: hotel!.name,
      guestName: 'Anna Smirnova',
      adults: 2,
      children: 1,
      infants: 1,
      seats: 3,
      prices: prices[0]!.prices,
      totals: quoted,
      paid: 50,
      paidOrig: 182.5,
      paidTo: 'agency',
      collect: 200,
      collectOrig: 730,
      voucher: 'V-FLOW-1',
      // Stored as the offer normalized it: farthest tier first.
      cancellationPolicy: [{ hours: 96, percents: 100 }, { hours: 24, percents: 50 }],
      cancellation: null,
    });
    // Infants take no seat.
    expect(await seatsLeft(alia, s, s.date)).toBe(7);
    // Operations read the same booking.
    expect(content(await api.http.get(`/api/bookings/${created.id}`).set(olga))).toMatchObject({ id: created.id, totals: quoted, agencyName: expect.any(String), agentName: 'Alia Haddad' });
  });

  it("sells at the agency's contract commission once the supplier sets one: 25 % → net 75, agency commission 25 per adult", async () => {
    const date = addDays(s.date, 1);
    content(await api.http.put(`/api/contracts/${s.agencyId}`).set(s.admin).send({ commission: 25 }));
    try {
      const prices = content<{ prices: UnitPrices }[]>(await api.http.get(`/api/agent/offers/price?tourId=${s.tourId}&date=${date}`).set(alia));
      expect(prices[0]!.prices).toMatchObject({ adultRecUsd: 100, adultNetUsd: 75, adultNetAed: 273.75, commission: 25, commissionSource: 'contract' });
      expect(prices[0]).toMatchObject({ pricePerAdult: 75, pricePerAdultLocal: 273.75, pricePerAdultRec: 100, commission: 25, totalNetPriceUsd: 75, totalPublishRateUsd: 100 });
      const view = await agentView(alia, await book(alia, s, { date, adults: 2 }));
      expect(view).toMatchObject({ prices: { adultNetUsd: 75, commission: 25, commissionSource: 'contract' }, totals: { totalUsd: 200, totalAed: 730, netUsd: 150, netAed: 547.5, grossSales: 200, agencyReceivable: 50 } });
      // Another agency of the same supplier keeps the period's commission.
      expect(content<{ prices: UnitPrices }[]>(await api.http.get(`/api/agent/offers/price?tourId=${s.tourId}&date=${date}`).set(agencyC.agent))[0]!.prices).toMatchObject({ adultNetUsd: 80, commission: 20 });
    } finally {
      content(await api.http.put(`/api/contracts/${s.agencyId}`).set(s.admin).send({ commission: null }));
    }
    const after = await agentView(alia, await book(alia, s, { date }));
    expect(after).toMatchObject({ prices: { adultNetUsd: 80, commission: 20, commissionSource: 'period' }, totals: { netUsd: 80, agencyReceivable: 20 } });
  });

  it('shows and sells nothing of a supplier to an agency it does not contract, and no agency reads another’s bookings', async () => {
    const date = addDays(s.date, 2);
    const mine = await book(alia, s, { date });
    await api.settled('booking_details', mine.position);

    // Agency B (contracted by P only) sees no tour of S, gets no price for it, and cannot book it.
    const toursB = content<TourChoice[]>(await api.http.get(`/api/agent/tours/fornewbooking?hotelId=${s.hotelId}&date=${date}`).set(p.agent));
    expect(toursB.some((t) => t.id === s.tourId)).toBe(false);
    expect(content(await api.http.get(`/api/agent/offers/price?tourId=${s.tourId}&date=${date}`).set(p.agent))).toEqual([]);
    const refused = await api.http.post('/api/agent/bookings').set(p.agent).send(bookingBody(s, { date }));
    expect(refused.status).toBe(404);
    expect(refused.body.ErrorMessage).toBe(BOOKING_MESSAGES.notContracted);
    // Nor the other way round.
    expect((await api.http.post('/api/agent/bookings').set(alia).send(bookingBody(p, { date }))).status).toBe(404);

    // Agency C is contracted by S: it sees the tour, but not agency A's booking.
    const toursC = content<TourChoice[]>(await api.http.get(`/api/agent/tours/fornewbooking?hotelId=${s.hotelId}&date=${date}`).set(agencyC.agent));
    expect(toursC.some((t) => t.id === s.tourId)).toBe(true);
    for (const other of [p.agent, agencyC.agent]) {
      const res = await api.http.get(`/api/agent/bookings/${mine.id}`).set(other);
      expect(res.status).toBe(404);
      expect(res.body.ErrorMessage).toBe(BOOKING_MESSAGES.notFound);
      expect((await api.http.post(`/api/agent/bookings/${mine.id}/cancel`).set(other).send({ reason: 'x' })).status).toBe(404);
    }
    // Within agency A, an agent who is not its admin sees only their own bookings.
    expect((await api.http.get(`/api/agent/bookings/${mine.id}`).set(s.agent2)).status).toBe(404);
    expect((await api.http.get(`/api/agent/bookings/${mine.id}`).set(s.agent)).status).toBe(200);
    // P's staff do not see S's booking either.
    expect((await api.http.get(`/api/bookings/${mine.id}`).set(p.operations)).status).toBe(404);
    // Nothing was sold by the refusals.
    expect(await seatsLeft(alia, s, date)).toBe(9);
  });

  it('links an in-house guest with the group the arrivals give; another agency’s guest is refused, another supplier’s booked by name while it contracts the agency', async () => {
    const date = addDays(s.date, 9);
    const manager = bearer(await tokenFor(['arrivalsmanager'], { supplierId: s.supplierId })), managerP = bearer(await tokenFor(['arrivalsmanager'], { supplierId: p.supplierId }));
    const arrive = (who: Record<string, string>, paxId: string, groupId: number) =>
      api.http.post('/api/arrivals/manual').set(who).send({ listName: `In house ${paxId}`, paxId, touristName: `Guest ${paxId}`, groupId, hotelId: s.hotelId, agencyId: s.agencyId, arrivalDate: s.date, departureDate: addDays(s.date, 12) });
    content(await arrive(manager, `S-${s.supplierId}`, 700));
    // P does not contract agency A: its arrivals cannot name A. Once P contracts A, they can, and A's agents are offered them.
    expect((await arrive(managerP, `P-${p.supplierId}`, 701)).status).toBe(400);
    await api.app.get(CommandBus).execute(new SignContractCommand(p.supplierId, s.agencyId, null, systemContext('test')));
    expect(await api.settled('contracts', (await api.store.headPosition())!)).toBe(true);
    await api.settled('arrivals', content<{ position: string }>(await arrive(managerP, `P-${p.supplierId}`, 701)).position);
    const guests = content<{ arrivalId: number; guestName: string; groupId: number; groupInfoId: number | null }[]>(await api.http.get(`/api/agent/customers/inHouse?hotelId=${s.hotelId}&date=${date}`).set(alia));
    const guest = (name: string) => guests.find((g) => g.guestName === name)!;
    const ours = guest(`Guest S-${s.supplierId}`), theirs = guest(`Guest P-${p.supplierId}`);
    expect([ours.groupId, theirs.groupId]).toEqual([700, 701]);

    // The request names another group: the booking keeps the arrival's. A guest on P's list, booked on S's tour: by name, unlinked.
    const linked = await book(alia, s, { date, guestName: ours.guestName, arrivalId: ours.arrivalId, groupId: 999, groupInfoId: null });
    expect(await agentView(alia, linked)).toMatchObject({ arrivalId: ours.arrivalId, arrivalGroupId: 700, groupInfoId: ours.groupInfoId });
    const byName = await book(alia, s, { date, guestName: theirs.guestName, arrivalId: theirs.arrivalId, groupId: theirs.groupId, groupInfoId: null });
    expect(await agentView(alia, byName)).toMatchObject({ guestName: theirs.guestName, arrivalId: null, arrivalGroupId: null, groupInfoId: null });
    const refused /* agency C's agent naming agency A's guest */ = await api.http.post('/api/agent/bookings').set(agencyC.agent).send(bookingBody(s, { date, arrivalId: ours.arrivalId, groupId: 700 }));
    expect(refused.body).toMatchObject({ Code: 400, ErrorMessage: BOOKING_MESSAGES.guestNotFound });
    // P suspends its contract with A: its guest is hidden from A again, and naming it is refused as no guest at all.
    expect(await api.settled('contracts', content<{ position: string }>(await api.http.post(`/api/contracts/${s.agencyId}/suspend`).set(p.admin)).position)).toBe(true);
    const hidden = await api.http.post('/api/agent/bookings').set(alia).send(bookingBody(s, { date, guestName: theirs.guestName, arrivalId: theirs.arrivalId }));
    expect(hidden.body).toMatchObject({ IsOk: false, ErrorMessage: BOOKING_MESSAGES.guestNotFound });
    expect(await seatsLeft(alia, s, date)).toBe(8);
  });

  it('refuses a suspended contract’s agent, saying so, and shows it no tours', async () => {
    const date = addDays(s.date, 7);
    const suspended = content<{ isSuspended: boolean; position: string }>(await api.http.post(`/api/contracts/${agencyC.agencyId}/suspend`).set(s.admin));
    expect(suspended.isSuspended).toBe(true);
    try {
      const res = await api.http.post('/api/agent/bookings').set(agencyC.agent).send(bookingBody(s, { date }));
      expect(res.status).toBe(400);
      expect(res.body.ErrorMessage).toBe(BOOKING_MESSAGES.contractSuspended);
      await api.settled('contracts', suspended.position);
      const tours = content<TourChoice[]>(await api.http.get(`/api/agent/tours/fornewbooking?date=${date}`).set(agencyC.agent));
      expect(tours.some((t) => t.id === s.tourId)).toBe(false);
    } finally {
      content(await api.http.post(`/api/contracts/${agencyC.agencyId}/resume`).set(s.admin));
    }
    expect(await seatsLeft(alia, s, date)).toBe(10);
  });

  it('operations confirm a pending booking and decline another; its seats come back', async () => {
    const date = p.date;
    const before = Date.now();
    const first = await book(p.agent, p, { date, adults: 2 });
    const second = await book(p.agent, p, { date, adults: 3 });
    expect([first.status, second.status]).toEqual([1, 1]);
    const pendingView = await agentView(p.agent, first);
    expect(pendingView).toMatchObject({ status: 1, statusText: 'Pending', isOverdue: false });
    // The slot's cut-off response time is 6 hours.
    const due = Date.parse(pendingView.responseDueAt!) - before;
    expect(due).toBeGreaterThanOrEqual(6 * 3_600_000 - 1_000);
    expect(due).toBeLessThan(6 * 3_600_000 + 60_000);
    expect(await seatsLeft(p.agent, p, date)).toBe(15);

    const confirmed = content(await api.http.post(`/api/bookings/${first.id}/confirm`).set(p.operations).send({}));
    expect(confirmed).toMatchObject({ id: first.id, status: 0, statusText: 'Normal' });
    const again = await api.http.post(`/api/bookings/${first.id}/confirm`).set(p.operations).send({});
    expect(again.status).toBe(400);
    expect(again.body.ErrorMessage).toBe(BOOKING_MESSAGES.notPending);
    const declined = content(await api.http.post(`/api/bookings/${second.id}/decline`).set(p.operations).send({ reason: 'Fully booked' }));
    expect(declined).toMatchObject({ id: second.id, status: 4, statusText: 'Cancelled', declineReason: 'Fully booked' });
    expect(await seatsLeft(p.agent, p, date)).toBe(18);
    // Both lists tell it from a cancelled booking: it has no documents to offer.
    await api.settled('bookings', (await api.store.headPosition())!);
    const dmy = date.split('-').reverse().join('.'); // the agent list's DD.MM.YYYY
    for (const listed of await Promise.all([api.http.post('/api/bookings/operations').set(p.operations).send({ from: date, to: date }), api.http.get(`/api/agent/bookings?from=${dmy}&to=${dmy}`).set(p.agent)])) {
      const rows = content<{ entities: { id: number; declined: boolean }[] }>(listed).entities;
      expect([second.id, first.id].map((id) => rows.find((r) => r.id === id)?.declined)).toEqual([true, false]);
    }
    expect((await api.http.post(`/api/bookings/${second.id}/confirm`).set(p.operations).send({})).body.ErrorMessage).toBe(BOOKING_MESSAGES.declined);
    // A pending booking cannot be completed; the confirmed one can.
    const third = await book(p.agent, p, { date });
    expect((await api.http.post(`/api/bookings/${third.id}/complete`).set(p.operations).send({})).body.ErrorMessage).toBe(BOOKING_MESSAGES.notConfirmed);
    // Not before its tour has run (the agent could still cancel it), then.
    expect((await api.http.post(`/api/bookings/${first.id}/complete`).set(p.operations).send({})).body.ErrorMessage).toBe(BOOKING_MESSAGES.completeBeforeDate);
    expect(await completeAfterItsDate(api.app, { id: first.id, supplierId: p.supplierId, date })).toBe(5);
  });

  it('cancels with the refund of the policy the booking was made with; accounts may cancel but not confirm', async () => {
    const date = addDays(s.date, 3);
    const created = await book(alia, s, { date, adults: 2 });
    await api.settled('booking_details', created.position);
    const forbidden = await api.http.post(`/api/bookings/${created.id}/confirm`).set(s.accounts).send({});
    expect(forbidden.status).toBe(403);
    expect(await seatsLeft(alia, s, date)).toBe(8);

    // The back office owes the agent a reason, on either route: none, or only spaces, is refused and changes nothing.
    for (const [path, who, body] of ([['/api/bookings', s.accounts], ['/api/agent/bookings', s.admin]] as const).flatMap(([p, who]) => [{}, { reason: '   ' }].map((b) => [`${p}/${created.id}/cancel`, who, b] as const))) {
      const refused = await api.http.post(path).set(who).send(body);
      expectErrorEnvelope(refused, 400);
      expect(refused.body.Content.errors.reason).toEqual([BOOKING_MESSAGES.reasonRequired]);
    }
    expect(await seatsLeft(alia, s, date)).toBe(8);
    const cancelled = content(await api.http.post(`/api/bookings/${created.id}/cancel`).set(s.accounts).send({ reason: 'Guest ill' }));
    // Six days out meets the 96-hour tier: all of it comes back.
    expect(cancelled.cancellation).toMatchObject({ reason: 'Guest ill', penaltyPercent: 0, refundUsd: 200, refundAed: 730, penaltyUsd: 0, penaltyAed: 0 });
    expect(cancelled.cancellation!.hoursBeforeStart).toBeGreaterThan(96);
    expect(cancelled).toMatchObject({ status: 4, statusText: 'Cancelled', bookedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), bookedBy: { id: expect.stringContaining('@') }, cancellation: { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    expect(await seatsLeft(alia, s, date)).toBe(10);

    // Three days out (s.date) meets only the 24-hour tier: half comes back.
    const near = await book(alia, s, { adults: 1 });
    const nearCancelled = content(await api.http.post(`/api/agent/bookings/${near.id}/cancel`).set(alia).send({ reason: 'Changed plans' }));
    expect(nearCancelled.cancellation).toMatchObject({ penaltyPercent: 50, refundUsd: 50, penaltyUsd: 50, refundAed: 182.5, penaltyAed: 182.5 });
    expect(nearCancelled.cancellation!.hoursBeforeStart).toBeLessThan(96);
    expect((await api.http.post(`/api/bookings/${near.id}/cancel`).set(olga).send({ reason: 'again' })).body.ErrorMessage).toBe(BOOKING_MESSAGES.alreadyCancelled);
  });

  it('amends the guest and reschedules: the history says who changed what, the old date gets its seats back', async () => {
    const from = addDays(s.date, 4);
    const to = addDays(s.date, 5);
    const created = await book(alia, s, { date: from, adults: 2 });
    await api.settled('booking_details', created.position);
    expect(await seatsLeft(alia, s, from)).toBe(8);

    const amended = content(
      await api.http.post(`/api/bookings/${created.id}/amend`).set(olga).send({ guestName: 'Boris Ivanov', roomNumber: '88', phones: ['+971509999999'], notes: 'Vegetarian', voucher: 'V-88', hotelId: s.hotelId, version: await versionOf(api, created.id) }),
    );
    expect(amended).toMatchObject({ guestName: 'Boris Ivanov', roomNumber: '88', voucher: 'V-88', notes: 'Vegetarian', totals: { totalUsd: 200 } });

    const moved = content(await api.http.post(`/api/bookings/${created.id}/reschedule`).set(olga).send({ date: to, timeSlotId: s.timeSlotId, adults: 3, version: await versionOf(api, created.id) }));
    expect(moved).toMatchObject({ date: to, adults: 3, seats: 3, totals: { totalUsd: 300, netUsd: 240, agencyReceivable: 60 }, differenceUsd: 100, differenceAed: 365 });
    expect(await seatsLeft(alia, s, from)).toBe(10);
    expect(await seatsLeft(alia, s, to)).toBe(7);

    // Growing on the same date re-checks the seats, counting the booking's own as free.
    const grown = content(await api.http.post(`/api/bookings/${created.id}/reschedule`).set(olga).send({ date: to, timeSlotId: s.timeSlotId, adults: 10, version: await versionOf(api, created.id) }));
    expect(grown).toMatchObject({ adults: 10, differenceUsd: 700 });
    expect(await seatsLeft(alia, s, to)).toBe(0);
    const tooMany = await api.http.post(`/api/bookings/${created.id}/reschedule`).set(olga).send({ date: to, timeSlotId: s.timeSlotId, adults: 11, version: await versionOf(api, created.id) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.ErrorMessage).toBe('Only 10 places left');

    const history = content<{ type: string; by: { name: string }; status: number; statusText: string; changes: { field: string; before: unknown; after: unknown }[] }[]>(
      await api.http.get(`/api/bookings/${created.id}/history`).set(s.accounts),
    );
    expect(history.map((h) => h.type)).toEqual(['BookingCreated', 'BookingGuestAmended', 'BookingRescheduled', 'BookingRescheduled']);
    expect(history[0]).toMatchObject({ by: { name: 'Alia Haddad' }, status: 0, statusText: 'Normal' });
    expect(history[0]!.changes).toEqual(expect.arrayContaining([{ field: 'guestName', before: null, after: 'Anna Smirnova' }]));
    expect(history[1]!.by.name).toBe('Olga Petrova');
    expect(history[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'guestName', before: 'Anna Smirnova', after: 'Boris Ivanov' },
        { field: 'roomNumber', before: '1204', after: '88' },
        { field: 'phones', before: ['+971501234567'], after: ['+971509999999'] },
        { field: 'voucher', before: '', after: 'V-88' },
        { field: 'notes', before: '', after: 'Vegetarian' },
      ]),
    );
    expect(history[1]!.changes.map((c) => c.field)).not.toContain('totals');
    expect(history[2]!.by.name).toBe('Olga Petrova');
    expect(history[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'date', before: from, after: to },
        { field: 'adults', before: 2, after: 3 },
        expect.objectContaining({ field: 'totals', before: expect.objectContaining({ totalUsd: 200 }), after: expect.objectContaining({ totalUsd: 300 }) }),
      ]),
    );

    // Completing a confirmed booking closes it to changes.
    expect(await completeAfterItsDate(api.app, { id: created.id, supplierId: s.supplierId, date: to })).toBe(5);
    const late = await api.http.post(`/api/bookings/${created.id}/amend`).set(olga).send({ guestName: 'Late', version: await versionOf(api, created.id) });
    expect(late.status).toBe(400);
    expect(late.body.ErrorMessage).toBe(BOOKING_MESSAGES.completed);
  });

  it('keeps the staff calls from agents and the documents to the booking’s own agency', async () => {
    const created = await book(alia, s, { date: addDays(s.date, 6) });
    await api.settled('booking_details', created.position);
    expect((await api.http.get(`/api/bookings/${created.id}`).set(alia)).status).toBe(403);
    expect((await api.http.get(`/api/bookings/${created.id}/history`).set(alia)).status).toBe(403);
    expect((await api.http.post(`/api/bookings/${created.id}/cancel`).set(alia).send({})).status).toBe(403);
    expect((await api.http.get(`/api/bookings/${created.id}/history`).set(s.accounts)).status).toBe(200);

    // This offer needs no attraction tickets, so there are none to download (the rest is test/api/tickets.test.ts's
    // and test/api/documents.test.ts's).
    const tickets = await api.http.get(`/api/agent/bookings/downloadtickets/${created.id}`).set(alia);
    expect(tickets.status).toBe(409);
    expect(tickets.body).toMatchObject({ IsOk: false, ErrorTitle: 'Not available' });
    for (const path of [`/bookings/download/invoice/${created.id}`, `/bookings/download/voucher/${created.id}?lang=rus`, `/api/agent/bookings/downloadtickets/${created.id}`]) {
      expect((await api.http.get(path).set(p.agent)).status).toBe(404);
      expect((await api.http.get(path).set(agencyC.agent)).status).toBe(404);
    }

    // The supplier's sales staff book as staff agents: they reach their own bookings through the agent routes,
    // not the agencies' (nor a colleague's), which only the supplier's operators run.
    const sales = bearer(await tokenFor(['sales'], { supplierId: s.supplierId, fullName: 'Samir Sales', email: `samir.s${s.supplierId}@test.local` }));
    const own = await book(sales, s, { date: addDays(s.date, 6) });
    await api.settled('booking_details', own.position);
    expect(content(await api.http.get(`/api/agent/bookings/${own.id}`).set(sales))).not.toHaveProperty('claimId');
    expect((await api.http.get(`/api/agent/bookings/${created.id}`).set(sales)).status).toBe(404);
    expect((await api.http.post(`/api/agent/bookings/${created.id}/cancel`).set(sales).send({ reason: 'x' })).status).toBe(404);
    expect((await api.http.get(`/bookings/download/invoice/${created.id}`).set(sales)).status).toBe(404);
    const colleague = bearer(await tokenFor(['sales'], { supplierId: s.supplierId, fullName: 'Sara Sales', email: `sara.s${s.supplierId}@test.local` }));
    expect((await api.http.get(`/api/agent/bookings/${own.id}`).set(colleague)).status).toBe(404);
    expect((await api.http.get(`/api/agent/bookings/${created.id}`).set(s.admin)).status).toBe(200);
    expect((await api.http.get(`/api/agent/bookings/${own.id}`).set(s.admin)).status).toBe(200);
    expect((await api.http.post(`/api/agent/bookings/${own.id}/cancel`).set(sales).send({ reason: 'Guest changed plans' })).status).toBe(200);
  });
});
