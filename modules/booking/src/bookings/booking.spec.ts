import { createEventRegistry, type BookingCreatedData, type BookingEvent } from '@tbo/event-schemas';
import { ConflictError, NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import { refundFor } from '../pure/cancellation-refund.pure';
import { bookingDecider, bookingStream, emptyBookingState, type BookingCommand } from './booking';
import { AGENCY_BOOKER, ANNA, ATLANTIS_PICK_UP, DESERT_SAFARI, MORNING_SLOT } from './booking.testing';

const ID = 1001;
const CLAIM = '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11';
const OTHER_CLAIM = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NEW_CLAIM = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
const key = { id: ID, supplierId: 5 };
const departure = { groupId: 9, timeSlotId: null, date: '2026-12-05' };
/** 09:00 Dubai on the booking's date. */
const STARTS_AT = new Date('2026-12-05T05:00:00.000Z');
const hoursBefore = (h: number) => new Date(STARTS_AT.getTime() - h * 3_600_000);

const decider = { ...bookingDecider, initialState: emptyBookingState(ID) };
const registry = createEventRegistry();

/** Two adults and a child of the worked example (USD 250 / AED 912.5), booked under a tour's policy: all back 24 hours or more before. */
const createdData = (over: Partial<BookingCreatedData> = {}): BookingCreatedData => ({
  ...key,
  ...AGENCY_BOOKER,
  ...DESERT_SAFARI,
  date: '2026-12-05',
  ...MORNING_SLOT,
  endTime: 780,
  startsAt: STARTS_AT.toISOString(),
  adults: 2,
  children: 1,
  infants: 0,
  foc: 0,
  seats: 3,
  departure,
  claimId: CLAIM,
  prices: {
    validPeriodId: 11,
    adultRecUsd: 100, childRecUsd: 50, tripRecUsd: 0,
    adultNetUsd: 80, childNetUsd: 40, tripNetUsd: 0,
    adultRecAed: 365, childRecAed: 182.5, tripRecAed: 0,
    adultNetAed: 292, childNetAed: 146, tripNetAed: 0,
    commission: 20, commissionSource: 'period', vat: 5, convRate: 3.65,
  },
  totals: { totalUsd: 250, totalAed: 912.5, netUsd: 200, netAed: 730, grossSales: 250, agencyReceivable: 50 },
  ...ATLANTIS_PICK_UP,
  ...ANNA,
  paid: 0,
  paidOrig: 0,
  paidTo: 'agency',
  collect: 0,
  collectOrig: 0,
  collectTo: 'agency',
  voucher: 'V-1',
  notes: '',
  arrivalId: null,
  arrivalGroupId: null,
  groupInfoId: null,
  status: 0,
  responseDueAt: null,
  cancellationPolicy: [{ hours: 24, percents: 100 }],
  cancellationPolicySource: 'tour',
  ticketsRequired: false,
  ...over,
});

const created = (over: Partial<BookingCreatedData> = {}): BookingEvent => ({ type: 'BookingCreated', data: createdData(over) });
const pending = created({ status: 1, responseDueAt: '2026-12-01T12:00:00.000Z' });
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: key };
const completed: BookingEvent = { type: 'BookingCompleted', data: key };
const declined: BookingEvent = { type: 'BookingDeclined', data: { ...key, reason: 'Fully booked', claimId: CLAIM, departure } };
const cancelledAt = (at: Date): BookingEvent => ({
  type: 'BookingCancelled',
  data: { ...key, claimId: CLAIM, departure, reason: 'Guest ill', ...refundFor([{ hours: 24, percents: 100 }], STARTS_AT, at, { totalUsd: 250, totalAed: 912.5 }) },
});
const voided = (claimId: string): BookingEvent => ({ type: 'BookingSeatClaimVoided', data: { id: ID, claimId } });

const amendData = (over: Record<string, unknown> = {}) =>
  ({
    id: ID,
    supplierId: 5,
    guestName: 'Boris Ivanov',
    roomNumber: '88',
    phones: ['+971509999999'],
    ...ATLANTIS_PICK_UP,
    voucher: 'V-2',
    notes: 'Vegetarian',
    ...over,
  }) as Extract<BookingCommand, { type: 'AmendBooking' }>['data'];

const rescheduleData = (over: Record<string, unknown> = {}) =>
  ({
    ...key,
    date: '2026-12-06',
    timeSlotId: 21,
    timeSlotName: 'Morning',
    startTime: 540,
    endTime: 780,
    startsAt: '2026-12-06T05:00:00.000Z',
    adults: 3,
    children: 1,
    infants: 0,
    foc: 0,
    seats: 4,
    departure: { ...departure, date: '2026-12-06' },
    claimId: NEW_CLAIM,
    prices: createdData().prices,
    totals: { totalUsd: 350, totalAed: 1277.5, netUsd: 280, netAed: 1022, grossSales: 350, agencyReceivable: 70 },
    pickUpTimeStart: 480,
    pickUpTimeEnd: 510,
    responseDueAt: null,
    status: 0,
    previousClaimId: CLAIM,
    previousDeparture: departure,
    differenceUsd: 100,
    differenceAed: 365,
    ...over,
  }) as Extract<BookingCommand, { type: 'RescheduleBooking' }>['data'];

const cancel = (at: Date, reason = ' Guest ill '): BookingCommand => ({ type: 'CancelBooking', reason, at });

/** The state after the events, as a command sees it. */
const stateAfter = (events: BookingEvent[]) => events.reduce((s, e) => decider.evolve(s, e), decider.initialState);

describe('booking decider', () => {
  it('names one stream per booking', () => {
    expect(bookingStream(ID)).toBe('booking-1001');
  });

  describe('create', () => {
    it('records the booking as decided', () => {
      given(decider).when({ type: 'CreateBooking', data: createdData() }).then([created()]);
    });

    it('takes a retried create with the same seat claim as done: nothing changes', () => {
      given(decider, [created()]).when({ type: 'CreateBooking', data: createdData() }).then([]);
    });

    it('refuses another booking under the same id', () => {
      given(decider, [created()]).when({ type: 'CreateBooking', data: createdData({ claimId: OTHER_CLAIM }) }).thenThrows(ConflictError);
      given(decider, [created()]).when({ type: 'CreateBooking', data: createdData({ claimId: OTHER_CLAIM }) }).thenThrows(`Booking ${ID} already exists`);
    });

    it('refuses a create whose seat claim the settling step voided: its seats are going back', () => {
      given(decider, [voided(CLAIM)]).when({ type: 'CreateBooking', data: createdData() }).thenThrows(ConflictError);
      given(decider, [voided(CLAIM)]).when({ type: 'CreateBooking', data: createdData() }).thenThrows(BOOKING_MESSAGES.unsettled);
    });

    it('holds no booking on a stream with only a voided claim', () => {
      expect(stateAfter([voided(CLAIM)])).toMatchObject({ view: null, voidedClaims: [CLAIM], revision: 0 });
      given(decider, [voided(CLAIM)]).when({ type: 'ConfirmBooking' }).thenThrows(NotFoundError);
    });
  });

  describe('confirm and decline', () => {
    it('confirms a pending booking', () => {
      given(decider, [pending]).when({ type: 'ConfirmBooking' }).then([confirmed]);
      expect(stateAfter([pending, confirmed]).view).toMatchObject({ status: 0, statusText: 'Normal' });
    });

    it('declines a pending booking, naming the seats to give back', () => {
      given(decider, [pending]).when({ type: 'DeclineBooking', reason: ' Fully booked ' }).then([declined]);
      expect(stateAfter([pending, declined]).view).toMatchObject({ status: 4, statusText: 'Cancelled', declineReason: 'Fully booked' });
    });

    it('refuses both unless the booking is pending', () => {
      for (const past of [[created()], [pending, confirmed]]) {
        given(decider, past).when({ type: 'ConfirmBooking' }).thenThrows(BOOKING_MESSAGES.notPending);
        given(decider, past).when({ type: 'DeclineBooking', reason: '' }).thenThrows(ValidationError);
      }
      given(decider, [pending, declined]).when({ type: 'ConfirmBooking' }).thenThrows(BOOKING_MESSAGES.alreadyCancelled);
      given(decider).when({ type: 'ConfirmBooking' }).thenThrows(NotFoundError);
      given(decider).when({ type: 'ConfirmBooking' }).thenThrows(BOOKING_MESSAGES.notFound);
    });
  });

  describe('cancel', () => {
    it('cancels with the refund of the policy it was booked with, naming the seats to give back', () => {
      const at = hoursBefore(48);
      given(decider, [created()])
        .when(cancel(at))
        .then([{ type: 'BookingCancelled', data: { ...key, claimId: CLAIM, departure, reason: 'Guest ill', hoursBeforeStart: 48, penaltyPercent: 0, refundUsd: 250, refundAed: 912.5, penaltyUsd: 0, penaltyAed: 0 } }]);
      expect(stateAfter([created(), cancelledAt(at)]).view).toMatchObject({ status: 4, statusText: 'Cancelled', cancellation: { reason: 'Guest ill', refundUsd: 250 } });
    });

    it('refunds nothing inside the 24-hour tier: the whole total is kept', () => {
      given(decider, [created()])
        .when(cancel(hoursBefore(10)))
        .then([{ type: 'BookingCancelled', data: { ...key, claimId: CLAIM, departure, reason: 'Guest ill', hoursBeforeStart: 10, penaltyPercent: 100, refundUsd: 0, refundAed: 0, penaltyUsd: 250, penaltyAed: 912.5 } }]);
    });

    it('cancels a pending or confirmed booking, never a cancelled or completed one', () => {
      expect(decider.decide(cancel(hoursBefore(48)), stateAfter([pending]))).toHaveLength(1);
      expect(decider.decide(cancel(hoursBefore(48)), stateAfter([pending, confirmed]))).toHaveLength(1);
      given(decider, [created(), cancelledAt(hoursBefore(48))]).when(cancel(hoursBefore(40))).thenThrows(BOOKING_MESSAGES.alreadyCancelled);
      given(decider, [pending, declined]).when(cancel(hoursBefore(40))).thenThrows(BOOKING_MESSAGES.alreadyCancelled);
      given(decider, [created(), completed]).when(cancel(hoursBefore(40))).thenThrows(BOOKING_MESSAGES.completed);
      given(decider).when(cancel(hoursBefore(40))).thenThrows(NotFoundError);
    });
  });

  describe('refund tiers (refundFor): each tier refunds its percent to a cancellation at least its hours before the start', () => {
    const totals = { totalUsd: 250, totalAed: 912.5 };

    it('refunds nothing under a policy with no tier (spec 01: "Tour is not refundable")', () => {
      expect(refundFor([], STARTS_AT, hoursBefore(100), totals)).toEqual({ hoursBeforeStart: 100, penaltyPercent: 100, refundUsd: 0, refundAed: 0, penaltyUsd: 250, penaltyAed: 912.5 });
    });

    it('refunds everything 24 hours or more before under a 24-hour tier at 100 %, and nothing inside it', () => {
      const policy = [{ hours: 24, percents: 100 }];
      expect(refundFor(policy, STARTS_AT, hoursBefore(24), totals)).toEqual({ hoursBeforeStart: 24, penaltyPercent: 0, refundUsd: 250, refundAed: 912.5, penaltyUsd: 0, penaltyAed: 0 });
      expect(refundFor(policy, STARTS_AT, hoursBefore(23), totals)).toEqual({ hoursBeforeStart: 23, penaltyPercent: 100, refundUsd: 0, refundAed: 0, penaltyUsd: 250, penaltyAed: 912.5 });
    });

    it('applies the tier with the most hours the cancellation still comes before, whatever order the tiers are in', () => {
      const policy = [{ hours: 24, percents: 25 }, { hours: 96, percents: 100 }, { hours: 48, percents: 50 }];
      expect(refundFor(policy, STARTS_AT, hoursBefore(200), totals)).toMatchObject({ penaltyPercent: 0, refundUsd: 250 });
      expect(refundFor(policy, STARTS_AT, hoursBefore(96), totals)).toMatchObject({ penaltyPercent: 0, refundUsd: 250 });
      expect(refundFor(policy, STARTS_AT, hoursBefore(60), totals)).toMatchObject({ penaltyPercent: 50, refundUsd: 125, penaltyUsd: 125, refundAed: 456.25, penaltyAed: 456.25 });
      expect(refundFor(policy, STARTS_AT, hoursBefore(30), totals)).toMatchObject({ penaltyPercent: 75, refundUsd: 62.5, penaltyUsd: 187.5, refundAed: 228.13, penaltyAed: 684.37 });
      expect(refundFor(policy, STARTS_AT, hoursBefore(2), totals)).toMatchObject({ penaltyPercent: 100, refundUsd: 0 });
    });

    it('counts whole hours left, rounded down: 23 h 59 min before does not meet a 24-hour tier; after the start, negative', () => {
      const policy = [{ hours: 24, percents: 100 }];
      const almost = new Date(hoursBefore(24).getTime() + 60_000);
      expect(refundFor(policy, STARTS_AT, almost, totals)).toMatchObject({ hoursBeforeStart: 23, penaltyPercent: 100, refundUsd: 0 });
      expect(refundFor(policy, STARTS_AT, new Date(hoursBefore(48).getTime() - 59 * 60_000), totals)).toMatchObject({ hoursBeforeStart: 48, refundUsd: 250 });
      expect(refundFor(policy, STARTS_AT, new Date(STARTS_AT.getTime() + 90 * 60_000), totals)).toMatchObject({ hoursBeforeStart: -2, penaltyPercent: 100, refundUsd: 0 });
    });
  });

  describe('amend', () => {
    it('changes guest details, hotel, voucher and notes, under the booking’s own key', () => {
      given(decider, [created()]).when({ type: 'AmendBooking', data: amendData({ id: 999, supplierId: 77 }) }).then([{ type: 'BookingGuestAmended', data: amendData() }]);
      const view = stateAfter([created(), { type: 'BookingGuestAmended', data: amendData() }]).view;
      expect(view).toMatchObject({ guestName: 'Boris Ivanov', roomNumber: '88', voucher: 'V-2', notes: 'Vegetarian', totals: { totalUsd: 250 }, status: 0 });
    });

    it('requires a guest name, and a live booking', () => {
      given(decider, [created()]).when({ type: 'AmendBooking', data: amendData({ guestName: '  ' }) }).thenThrows(BOOKING_MESSAGES.guestName);
      given(decider, [created(), cancelledAt(hoursBefore(48))]).when({ type: 'AmendBooking', data: amendData() }).thenThrows(BOOKING_MESSAGES.alreadyCancelled);
      given(decider, [created(), completed]).when({ type: 'AmendBooking', data: amendData() }).thenThrows(BOOKING_MESSAGES.completed);
    });
  });

  describe('reschedule', () => {
    it('records the new date, counts and price with the difference, under the booking’s own key', () => {
      given(decider, [created()]).when({ type: 'RescheduleBooking', data: rescheduleData({ id: 5 }) }).then([{ type: 'BookingRescheduled', data: rescheduleData() }]);
      const view = stateAfter([created(), { type: 'BookingRescheduled', data: rescheduleData() }]).view;
      expect(view).toMatchObject({ date: '2026-12-06', adults: 3, seats: 4, claimId: NEW_CLAIM, totals: { totalUsd: 350 }, status: 0 });
    });

    it('makes a booking moved onto an On Request slot pending again', () => {
      const view = stateAfter([created(), { type: 'BookingRescheduled', data: rescheduleData({ status: 1, responseDueAt: '2026-12-02T06:00:00.000Z' }) }]).view;
      expect(view).toMatchObject({ status: 1, statusText: 'Pending', responseDueAt: '2026-12-02T06:00:00.000Z' });
    });

    it('refuses a new seat claim the settling step voided, and a cancelled or completed booking', () => {
      given(decider, [created(), voided(NEW_CLAIM)]).when({ type: 'RescheduleBooking', data: rescheduleData() }).thenThrows(BOOKING_MESSAGES.unsettled);
      given(decider, [created(), cancelledAt(hoursBefore(48))]).when({ type: 'RescheduleBooking', data: rescheduleData() }).thenThrows(BOOKING_MESSAGES.alreadyCancelled);
      given(decider, [created(), completed]).when({ type: 'RescheduleBooking', data: rescheduleData() }).thenThrows(BOOKING_MESSAGES.completed);
    });
  });

  describe('complete', () => {
    const complete = (today = '2026-12-05') => ({ type: 'CompleteBooking' as const, today });
    it('completes a confirmed booking only', () => {
      given(decider, [created()]).when(complete()).then([completed]);
      given(decider, [pending, confirmed]).when(complete()).then([completed]);
      given(decider, [pending]).when(complete()).thenThrows(BOOKING_MESSAGES.notConfirmed);
      given(decider, [created(), completed]).when(complete()).thenThrows(BOOKING_MESSAGES.completed);
      given(decider, [created(), cancelledAt(hoursBefore(48))]).when(complete()).thenThrows(BOOKING_MESSAGES.alreadyCancelled);
    });
    it('completes on the tour’s date (Dubai) or later, never before: the agent could still cancel it', () => {
      given(decider, [created()]).when(complete('2026-12-04')).thenThrows(BOOKING_MESSAGES.completeBeforeDate);
      given(decider, [created()]).when(complete('2026-12-09')).then([completed]);
    });
  });

  describe('VoidSeatClaim (the settling step)', () => {
    it('voids nothing when the booking holds the claim: its seats are sold', () => {
      given(decider, [created()]).when({ type: 'VoidSeatClaim', claimId: CLAIM }).then([]);
    });

    it('voids a claim the booking does not hold, once', () => {
      given(decider).when({ type: 'VoidSeatClaim', claimId: CLAIM }).then([voided(CLAIM)]);
      given(decider, [created()]).when({ type: 'VoidSeatClaim', claimId: OTHER_CLAIM }).then([voided(OTHER_CLAIM)]);
      given(decider, [created(), voided(OTHER_CLAIM)]).when({ type: 'VoidSeatClaim', claimId: OTHER_CLAIM }).then([]);
      given(decider, [voided(CLAIM)]).when({ type: 'VoidSeatClaim', claimId: CLAIM }).then([]);
    });

    it('after a reschedule, voids the claim the booking held before', () => {
      given(decider, [created(), { type: 'BookingRescheduled', data: rescheduleData() }]).when({ type: 'VoidSeatClaim', claimId: CLAIM }).then([voided(CLAIM)]);
      given(decider, [created(), { type: 'BookingRescheduled', data: rescheduleData() }]).when({ type: 'VoidSeatClaim', claimId: NEW_CLAIM }).then([]);
    });

    it('leaves the version an open form holds: voiding the moved claim is no change of the booking', () => {
      const moved: BookingEvent = { type: 'BookingRescheduled', data: rescheduleData() };
      const before = stateAfter([created(), moved]);
      const after = stateAfter([created(), moved, voided(CLAIM)]);
      expect(after.revision).toBe(before.revision + 1);
      expect(after.view).toEqual(before.view);
    });
  });

  it('decides only events the store accepts', () => {
    const cases: [BookingEvent[], BookingCommand][] = [
      [[], { type: 'CreateBooking', data: createdData() }],
      [[pending], { type: 'ConfirmBooking' }],
      [[pending], { type: 'DeclineBooking', reason: 'Fully booked' }],
      [[created()], cancel(hoursBefore(3))],
      [[created()], { type: 'AmendBooking', data: amendData() }],
      [[created()], { type: 'RescheduleBooking', data: rescheduleData() }],
      [[created()], { type: 'CompleteBooking', today: '2026-12-05' }],
      [[], { type: 'VoidSeatClaim', claimId: CLAIM }],
    ];
    for (const [past, command] of cases) {
      const events = decider.decide(command, stateAfter(past));
      expect(events).toHaveLength(1);
      for (const e of events) expect(() => registry.validate(e.type, e.data)).not.toThrow();
    }
  });
});

describe('booking documents', () => {
  const doc = (over: Partial<{ kind: 'invoice' | 'voucher'; language: 'eng' | 'rus'; bookingVersion: number }> = {}) => ({
    kind: 'voucher' as const, language: 'rus' as const, bookingVersion: 0, storageKey: 'documents/5/1001/0/voucher-rus.pdf', checksum: 'a'.repeat(64), bytes: 100, ...over,
  });
  const issued = (over: Parameters<typeof doc>[0] = {}): BookingEvent => ({ type: 'DocumentIssued', data: { ...key, ...doc(over) } });

  it('records a document once per kind, language and version', () => {
    given(decider, [created()]).when({ type: 'IssueDocument', data: doc() }).then([issued()]);
    given(decider, [created(), issued()]).when({ type: 'IssueDocument', data: doc() }).then([]);
    given(decider, [created(), issued()]).when({ type: 'IssueDocument', data: doc({ language: 'eng' }) }).then([issued({ language: 'eng' })]);
  });

  it('refuses a version the booking never had, and a booking that does not exist', () => {
    given(decider, [created()]).when({ type: 'IssueDocument', data: doc({ bookingVersion: 1 }) }).thenThrows(ValidationError);
    given(decider, []).when({ type: 'IssueDocument', data: doc() }).thenThrows(NotFoundError);
  });

  it('a document changes neither the version an edit sends back nor the document version', () => {
    const state = [created(), issued(), { type: 'BookingConfirmed', data: key } as BookingEvent, issued({ bookingVersion: 2 })].reduce(decider.evolve, decider.initialState);
    expect(state.revision).toBe(3);
    expect(state.view!.version).toBe(2);
    expect(state.documentVersion).toBe(2);
    expect(state.documents.map((d) => [d.kind, d.language, d.bookingVersion])).toEqual([['voucher', 'rus', 0], ['voucher', 'rus', 2]]);
  });
});

describe('check-in on the day (the voucher QR)', () => {
  const AT = new Date('2026-12-05T05:20:00.000Z');
  const by = { byUserId: 'guide@test.local', byName: 'Karim Haddad' };
  const redeem: BookingCommand = { type: 'RedeemBooking', at: AT, ...by };
  const noShow: BookingCommand = { type: 'MarkNoShow', at: AT, ...by };
  const redeemed: BookingEvent = { type: 'BookingRedeemed', data: { ...key, at: AT.toISOString(), ...by } };
  const noShowed: BookingEvent = { type: 'BookingNoShow', data: { ...key, at: AT.toISOString(), ...by } };

  it('redeems a confirmed booking once, with who and when', () => {
    given(decider, [created()]).when(redeem).then([redeemed]);
    given(decider, [pending, confirmed]).when(redeem).then([redeemed]);
  });

  it('refuses a second redemption, saying when (Dubai time) and by whom the first was made', () => {
    const state = stateAfter([created(), redeemed]);
    expect(() => decider.decide(redeem, state)).toThrow(ConflictError);
    expect(() => decider.decide(redeem, state)).toThrow('This booking was already redeemed at 05.12.2026 09:20 by Karim Haddad.');
    expect(() => decider.decide(noShow, state)).toThrow('already redeemed at 05.12.2026 09:20 by Karim Haddad');
  });

  it('marks a no-show once; a no-show who turns up late may still be redeemed', () => {
    given(decider, [created()]).when(noShow).then([noShowed]);
    expect(() => decider.decide(noShow, stateAfter([created(), noShowed]))).toThrow('already marked as a no-show at 05.12.2026 09:20 by Karim Haddad');
    given(decider, [created(), noShowed]).when(redeem).then([redeemed]);
  });

  it('refuses cancelled, declined and pending bookings, and a booking that does not exist', () => {
    given(decider, [created(), cancelledAt(hoursBefore(48))]).when(redeem).thenThrows(ValidationError);
    given(decider, [pending, declined]).when(noShow).thenThrows(ValidationError);
    given(decider, [pending]).when(redeem).thenThrows(ValidationError);
    given(decider, []).when(redeem).thenThrows(NotFoundError);
  });

  it('is no edit: the version an edit sends back and the document version stay; the view shows the check-in', () => {
    const state = stateAfter([created(), redeemed]);
    expect(state.view!.version).toBe(0);
    expect(state.documentVersion).toBe(0);
    expect(state.view!.checkIn).toEqual({ kind: 'redeemed', at: AT.toISOString(), ...by });
  });

  it('decides only events the store accepts', () => {
    for (const [past, command] of [[[created()], redeem], [[created()], noShow]] as const) {
      for (const e of decider.decide(command, stateAfter([...past]))) expect(() => registry.validate(e.type, e.data)).not.toThrow();
    }
  });
});
