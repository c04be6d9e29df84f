import type { BookingEvent } from '@tbo/event-schemas';
import { ConflictError, NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import type { BookingCommand } from './booking';
import { cancel, cancelledAt, confirmed, created, decider, declined, hoursBefore, key, pending, registry, rescheduleData, stateAfter } from './booking-events.testing';

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

  it('a no-show moved to another day is expected again there; moved on its own day it stays a no-show', () => {
    const moved = decider.decide({ type: 'RescheduleBooking', data: rescheduleData() }, stateAfter([created(), noShowed]));
    expect(moved).toEqual([{ type: 'BookingRescheduled', data: expect.objectContaining({ date: '2026-12-06', noShowCleared: true }) }]);
    const after = stateAfter([created(), noShowed, ...moved]);
    expect(after.view!.checkIn).toBeNull();
    expect(decider.decide({ ...noShow, at: new Date('2026-12-06T05:20:00.000Z') }, after).map((e) => e.type)).toEqual(['BookingNoShow']);
    const sameDay = decider.decide({ type: 'RescheduleBooking', data: rescheduleData({ date: '2026-12-05' }) }, stateAfter([created(), noShowed]));
    expect(sameDay[0]!.data).not.toHaveProperty('noShowCleared');
    expect(stateAfter([created(), noShowed, ...sameDay]).view!.checkIn).toMatchObject({ kind: 'noShow', byName: by.byName });
  });

  it('refuses cancelled, declined and pending bookings, and a booking that does not exist', () => {
    given(decider, [created(), cancelledAt(hoursBefore(48))]).when(redeem).thenThrows(ValidationError);
    given(decider, [pending, declined]).when(noShow).thenThrows(ValidationError);
    given(decider, [pending]).when(redeem).thenThrows(ValidationError);
    given(decider, []).when(redeem).thenThrows(NotFoundError);
  });

  it('opens on the tour\'s day in Dubai, not before (a voucher scanned days ahead is a mistake)', () => {
    const at = (iso: string): BookingCommand => ({ type: 'RedeemBooking', at: new Date(iso), ...by });
    // 23:59 Dubai on the 4th, then midnight of the 5th (UTC+4).
    given(decider, [created()]).when(at('2026-12-04T19:59:00.000Z')).thenThrows('Check-in opens on the day of the tour, 05.12.2026.');
    given(decider, [created()]).when({ ...noShow, at: new Date('2026-12-01T08:00:00.000Z') }).thenThrows(ValidationError);
    given(decider, [created()]).when(at('2026-12-04T20:00:00.000Z')).then([{ type: 'BookingRedeemed', data: { ...key, at: '2026-12-04T20:00:00.000Z', ...by } }]);
    // A late record, days after, is still taken.
    given(decider, [created()]).when(at('2026-12-09T08:00:00.000Z')).then([{ type: 'BookingRedeemed', data: { ...key, at: '2026-12-09T08:00:00.000Z', ...by } }]);
  });

  it('a guest who checked in has taken the tour: the booking can no longer be cancelled (refunded) or moved', () => {
    given(decider, [created(), redeemed]).when(cancel(hoursBefore(30))).thenThrows(BOOKING_MESSAGES.checkedIn);
    given(decider, [created(), redeemed]).when({ type: 'RescheduleBooking', data: rescheduleData() }).thenThrows(BOOKING_MESSAGES.checkedIn);
    // A no-show may still be cancelled (the policy's hours decide what comes back).
    expect(decider.decide(cancel(hoursBefore(30)), stateAfter([created(), noShowed])).map((e) => e.type)).toEqual(['BookingCancelled']);
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
