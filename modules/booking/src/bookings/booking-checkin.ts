import type { CommandContext, CommandRunner, EventStore } from '@tbo/kernel';
import type { CheckInKind } from '../pure/booking-checkin.pure';
import type { BookingView } from '../pure/booking-view.pure';
import { bookings } from './booking-stream';

/** The booking as its stream leaves it now (no read table: the check-in page must show a check-in made a moment ago). */
export async function bookingForCheckIn(store: EventStore, id: number): Promise<BookingView | null> {
  return (await bookings.load(store, id)).view;
}

/**
 * Records the guest as redeemed or a no-show on the booking's stream. A second redemption is refused with a
 * 409 naming when and by whom the first was recorded.
 */
export async function checkInBooking(
  runner: CommandRunner,
  bookingId: number,
  kind: CheckInKind,
  by: { userId: string; name: string },
  at: Date,
  context: CommandContext,
): Promise<{ view: BookingView; position: string | null }> {
  const type = kind === 'redeemed' ? 'RedeemBooking' : 'MarkNoShow';
  const outcome = await bookings.run(runner, bookingId, { type, at, byUserId: by.userId, byName: by.name }, context);
  return { view: outcome.state.view!, position: outcome.position };
}
