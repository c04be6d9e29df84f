import { octoEventSchemas, type OctoBookingReservedData, type OctoEvent } from '@tbo/event-schemas';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { OctoProblem } from '../pure/octo-problem.pure';
import { isExpired, octoReservationDecider as decider, octoReservationStream, type ReservationCommand } from './octo-reservation';

const reserved = octoEventSchemas.find((d) => d.type === 'OctoBookingReserved')!.example as OctoBookingReservedData;
const owner = { supplierId: reserved.supplierId, agencyId: reserved.agencyId };
const key = { uuid: reserved.uuid, ...owner };
const made: OctoEvent = { type: 'OctoBookingReserved', data: reserved };
const before = '2026-11-20T10:00:00.000Z';
const after = '2026-11-20T10:31:00.000Z';
const confirm = (over: Partial<Extract<ReservationCommand, { type: 'Confirm' }>> = {}): Extract<ReservationCommand, { type: 'Confirm' }> => ({
  type: 'Confirm',
  ...key,
  bookingId: reserved.bookingId,
  pending: false,
  now: before,
  resellerReference: 'V-1',
  contact: reserved.contact,
  unitItems: reserved.unitItems,
  pickup: reserved.pickup,
  notes: null,
  ...over,
});
const confirmed: OctoEvent = { type: 'OctoBookingConfirmed', data: { ...key, bookingId: reserved.bookingId, pending: false, resellerReference: 'V-1', contact: reserved.contact, unitItems: reserved.unitItems, pickup: reserved.pickup, notes: null } };
const problem = (code: string) => (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(OctoProblem);
    expect((e as OctoProblem).error).toBe(code);
    return;
  }
  throw new Error('expected a refusal');
};

describe('OCTO reservation', () => {
  it('is named by the reseller uuid, lower case, with no dash in its category', () => {
    expect(octoReservationStream('3F7A1C52-8D0E-4B1A-9C6F-2E5D7A9B0C14')).toBe('octoreservation-3f7a1c52-8d0e-4b1a-9c6f-2e5d7a9b0c14');
  });

  it('is reserved once: the same uuid again changes nothing (the idempotency key)', () => {
    given(decider).when({ type: 'Reserve', data: reserved }).then([made]);
    given(decider, [made]).when({ type: 'Reserve', data: { ...reserved, seats: 9 } }).then([]);
  });

  it('answers another reseller as if the uuid were unknown', () => {
    problem('INVALID_BOOKING_UUID')(() => given(decider, [made]).when({ ...confirm(), agencyId: reserved.agencyId + 1 }).events());
    problem('INVALID_BOOKING_UUID')(() => given(decider, [made]).when({ type: 'Cancel', ...key, supplierId: 99, reason: null, refund: 'FULL', booking: false }).events());
    problem('INVALID_BOOKING_UUID')(() => given(decider).when({ type: 'Cancel', ...key, reason: null, refund: 'FULL', booking: false }).events());
  });

  it('extends a live hold, but not an expired, confirmed or cancelled one', () => {
    given(decider, [made]).when({ type: 'Extend', ...key, expiresAt: '2026-11-20T11:00:00.000Z', now: before }).then([{ type: 'OctoBookingExtended', data: { ...key, expiresAt: '2026-11-20T11:00:00.000Z' } }]);
    problem('INVALID_BOOKING_UUID')(() => given(decider, [made]).when({ type: 'Extend', ...key, expiresAt: '2026-11-20T11:00:00.000Z', now: after }).events());
    problem('UNPROCESSABLE_ENTITY')(() => given(decider, [made, confirmed]).when({ type: 'Extend', ...key, expiresAt: '2026-11-20T11:00:00.000Z', now: before }).events());
  });

  it('reads as expired past its expiry while on hold, and never once confirmed or cancelled', () => {
    const state = (events: OctoEvent[]) => events.reduce(decider.evolve, decider.initialState);
    expect(isExpired(state([made]), before)).toBe(false);
    expect(isExpired(state([made]), after)).toBe(true);
    expect(isExpired(state([made, { type: 'OctoBookingExtended', data: { ...key, expiresAt: '2026-11-20T11:00:00.000Z' } }]), after)).toBe(false);
    expect(isExpired(state([made, confirmed]), after)).toBe(false);
  });

  it('records the confirmation once: a retried confirm finds the booking made', () => {
    given(decider, [made]).when(confirm()).then([confirmed]);
    given(decider, [made, confirmed]).when(confirm({ resellerReference: 'V-2' })).then([]);
    problem('UNPROCESSABLE_ENTITY')(() => given(decider, [made, { type: 'OctoBookingCancelled', data: { ...key, reason: null, refund: 'FULL' } }]).when(confirm()).events());
  });

  it('cancels once, with the refund it was given', () => {
    const cancelled: OctoEvent = { type: 'OctoBookingCancelled', data: { ...key, reason: 'Plans changed', refund: 'PARTIAL' } };
    given(decider, [made, confirmed]).when({ type: 'Cancel', ...key, reason: 'Plans changed', refund: 'PARTIAL', booking: true }).then([cancelled]);
    given(decider, [made, confirmed, cancelled]).when({ type: 'Cancel', ...key, reason: 'again', refund: 'FULL', booking: true }).then([]);
    // A hold released while another process confirmed it: the booking stands, so the cancellation is not recorded.
    problem('UNPROCESSABLE_ENTITY')(() => given(decider, [made, confirmed]).when({ type: 'Cancel', ...key, reason: null, refund: 'FULL', booking: false }).events());
  });

  it('updates what the reseller may change, not a cancelled or expired reservation', () => {
    const update: ReservationCommand = { type: 'Update', ...key, now: before, resellerReference: 'V-9', contact: { ...reserved.contact, fullName: 'Oleg Petrov' }, notes: 'Late arrival', pickup: reserved.pickup, unitItems: reserved.unitItems };
    given(decider, [made]).when(update).then([{ type: 'OctoBookingUpdated', data: { ...key, resellerReference: 'V-9', contact: { ...reserved.contact, fullName: 'Oleg Petrov' }, notes: 'Late arrival', pickup: reserved.pickup, unitItems: reserved.unitItems } }]);
    problem('INVALID_BOOKING_UUID')(() => given(decider, [made]).when({ ...update, now: after }).events());
    given(decider, [made]).when({ ...update, resellerReference: reserved.resellerReference, contact: reserved.contact, notes: reserved.notes }).then([]);
  });

  it("keeps the unit items' references an update sent; an update recorded without items leaves them", () => {
    const state = (events: OctoEvent[]) => events.reduce(decider.evolve, decider.initialState);
    const items = reserved.unitItems.map((u) => ({ ...u, resellerReference: 'TK-1' }));
    const update: ReservationCommand = { type: 'Update', ...key, now: before, resellerReference: reserved.resellerReference, contact: reserved.contact, notes: reserved.notes, pickup: reserved.pickup, unitItems: items };
    const [updated] = given(decider, [made]).when(update).events();
    expect(state([made, updated!]).unitItems).toEqual(items);
    const { unitItems: _u, ...older } = (updated as Extract<OctoEvent, { type: 'OctoBookingUpdated' }>).data;
    expect(state([made, { type: 'OctoBookingUpdated', data: older }]).unitItems).toEqual(reserved.unitItems);
  });
});
