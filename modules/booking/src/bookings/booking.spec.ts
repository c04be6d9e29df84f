import type { BookingEvent } from '@tbo/event-schemas';
import { ConflictError, NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import { refundFor } from '../pure/cancellation-refund.pure';
import { bookingStream, type BookingCommand } from './booking';
import {
  amendData, cancel, cancelledAt, CLAIM, completed, confirmed, created, createdData, decider, declined, departure, hoursBefore, ID, key,
  NEW_CLAIM, OTHER_CLAIM, pending, registry, rescheduleData, STARTS_AT, stateAfter, voided,
} from './booking-events.testing';

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
      // A retry of the create closed the stream of a run that sells no seats (no claim of its own) or took another claim.
      given(decider, [voided(OTHER_CLAIM)]).when({ type: 'CreateBooking', data: createdData({ claimId: null }) }).thenThrows(BOOKING_MESSAGES.unsettled);
      given(decider, [voided(OTHER_CLAIM)]).when({ type: 'CreateBooking', data: createdData() }).thenThrows(BOOKING_MESSAGES.unsettled);
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
      given(decider, [pending, declined]).when({ type: 'ConfirmBooking' }).thenThrows(BOOKING_MESSAGES.declined);
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
      given(decider, [pending, declined]).when(cancel(hoursBefore(40))).thenThrows(BOOKING_MESSAGES.declined);
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
