import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { dateColumn, projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { manifestsProjection } from './manifests.projection';

const spec = projectionSpec(manifestsProjection);

// Every kept field with a value unlike its neighbours', so a column holding another field's value shows.
const booking = eventStream('booking-2101');
const checkIn = { id: 2101, supplierId: 6 };
const redeemed = booking.event('BookingRedeemed', { ...checkIn, at: '2026-12-09T05:10:00.000Z', byUserId: 'guide@demo.test', byName: 'Karim Haddad' });
const noShow = booking.event('BookingNoShow', { ...checkIn, at: '2026-12-09T05:40:00.000Z', byUserId: 'driver@demo.test', byName: 'Ali Rahman' });
const movedOn = (over: Record<string, unknown>) => booking.event('BookingRescheduled', { ...exampleOf('BookingRescheduled'), ...checkIn, ...over });
const movedAway = movedOn({ date: '2026-12-10', noShowCleared: true });
const otherNoShow = eventStream('booking-2102').event('BookingNoShow', { id: 2102, supplierId: 6, at: '2026-12-10T06:00:00.000Z', byUserId: 'driver@demo.test', byName: 'Ali Rahman' });

const slotDate = { supplierId: 6, timeSlotId: 14, date: '2026-12-09' };
const staff = eventStream('manifeststaff-6_14_2026-12-09');
const guideAssigned = staff.event('ManifestStaffAssigned', { ...slotDate, userEmail: 'Karim.Guide@Demo.test', userName: 'Karim Haddad', role: 'guide' });
const driverAssigned = staff.event('ManifestStaffAssigned', { ...slotDate, userEmail: 'ali@demo.test', userName: 'Ali Rahman', role: 'driver' });
const guideRenamed = staff.event('ManifestStaffAssigned', { ...slotDate, userEmail: 'karim.guide@demo.test', userName: 'Karim H.', role: 'driver' });
const guideUnassigned = staff.event('ManifestStaffUnassigned', { ...slotDate, userEmail: 'KARIM.GUIDE@demo.test' });
const nextDay = eventStream('manifeststaff-6_14_2026-12-10').event('ManifestStaffAssigned', { ...slotDate, date: '2026-12-10', userEmail: 'karim.guide@demo.test', userName: 'Karim Haddad', role: 'guide' });

const checkinRow = (over: Row = {}): Row => ({ booking_id: 2101, supplier_id: 6, kind: 'redeemed', at: new Date('2026-12-09T05:10:00.000Z'), by_name: 'Karim Haddad', version: 0, ...over });
const noShowRow = checkinRow({ kind: 'noShow', at: new Date('2026-12-09T05:40:00.000Z'), by_name: 'Ali Rahman', version: 1 });
const staffRow = (over: Row = {}): Row => ({ supplier_id: 6, time_slot_id: 14, date: dateColumn('2026-12-09'), user_email: 'karim.guide@demo.test', user_name: 'Karim Haddad', role: 'guide', ...over });
const driverRow = staffRow({ user_email: 'ali@demo.test', user_name: 'Ali Rahman', role: 'driver' });

describe('manifests projection', () => {
  it('keeps who checked a guest in and when, with the revision of the check-in', () =>
    spec.given().when(redeemed).then({ manifest_checkins: [checkinRow()], manifest_staff: [] }));

  it('a no-show after the check-in takes its place: the latest word on the guest', () => spec.given(redeemed).when(noShow).then({ manifest_checkins: [noShowRow] }));

  it('a no-show moved to another day is gone from the manifests; a move that kept it (its own day) leaves it', async () => {
    await spec.given(redeemed, noShow).when(movedAway).then({ manifest_checkins: [] });
    await spec.given(redeemed, noShow).when(movedOn({ date: '2026-12-09' })).then({ manifest_checkins: [noShowRow] });
    await spec.given(otherNoShow).when(movedAway).then({ manifest_checkins: [checkinRow({ booking_id: 2102, kind: 'noShow', at: new Date('2026-12-10T06:00:00.000Z'), by_name: 'Ali Rahman', version: 0 })] });
  });

  it("keeps each booking's check-in apart", () =>
    spec
      .given(redeemed)
      .when(otherNoShow)
      .then({ manifest_checkins: [checkinRow(), checkinRow({ booking_id: 2102, kind: 'noShow', at: new Date('2026-12-10T06:00:00.000Z'), by_name: 'Ali Rahman', version: 0 })] }));

  it('assigns drivers and guides to a slot-date by their lower-cased email, with their name and role', async () => {
    await spec.given().when(guideAssigned).then({ manifest_staff: [staffRow()], manifest_checkins: [] });
    await spec.given(guideAssigned).when(driverAssigned, nextDay).then({ manifest_staff: [driverRow, staffRow(), staffRow({ date: dateColumn('2026-12-10') })] });
  });

  it('assigning the same person again restates their name and role', () =>
    spec.given(guideAssigned, driverAssigned).when(guideRenamed).then({ manifest_staff: [driverRow, staffRow({ user_name: 'Karim H.', role: 'driver' })] }));

  it('unassigning removes only that person from that slot-date, whatever the case of the email', () =>
    spec.given(guideAssigned, driverAssigned, nextDay).when(guideUnassigned).then({ manifest_staff: [driverRow, staffRow({ date: dateColumn('2026-12-10') })] }));

  replayingTwice(spec, [
    ['BookingRedeemed', [], redeemed],
    ['BookingNoShow', [redeemed], noShow],
    ['BookingRescheduled', [redeemed, noShow], movedAway],
    ['ManifestStaffAssigned', [guideAssigned], driverAssigned],
    ['ManifestStaffUnassigned', [guideAssigned, driverAssigned], guideUnassigned],
  ]);

  it('an older check-in delivered after a newer one is skipped', async () => {
    const { before, after } = await spec.given(redeemed, noShow).when(redeemed).beforeAndAfter();
    expect(after).toEqual(before);
  });
});
