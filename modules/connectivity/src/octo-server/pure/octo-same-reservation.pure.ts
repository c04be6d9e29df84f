import { parseAvailabilityId } from './octo-time.pure';
import { countUnits } from './octo-units.pure';

/** What a reservation was made for: its product (tour), option (offer), availability and units. */
export interface ReservedFor {
  tourId: number;
  offerId: number;
  timeSlotId: number;
  availabilityId: string;
  unitItems: readonly { unitId: string }[];
}

/** What a POST /octo/bookings asks for. */
export interface AskedFor {
  productId: string;
  optionId: string;
  availabilityId: string;
  unitItems: readonly { unitId: string }[];
}

/**
 * Whether a request carrying a uuid already reserved asks for that same reservation (a retry), so it may be
 * answered with it. Another product, option, departure or party under the same uuid is a reseller's mistake: answered
 * with the old booking, its system would take a booking it never got for the one it asked for.
 */
export function asksForSameReservation(reserved: ReservedFor, asked: AskedFor): boolean {
  const was = parseAvailabilityId(reserved.availabilityId);
  const now = parseAvailabilityId(asked.availabilityId);
  const sameUnits = (a: readonly { unitId: string }[], b: readonly { unitId: string }[]) => {
    const [x, y] = [countUnits(a.map((u) => u.unitId)), countUnits(b.map((u) => u.unitId))];
    return x.adults === y.adults && x.children === y.children && x.infants === y.infants;
  };
  return (
    asked.productId === String(reserved.tourId) &&
    asked.optionId === String(reserved.offerId) &&
    !!was &&
    !!now &&
    was.date === now.date &&
    was.startMinutes === now.startMinutes &&
    (now.slotId === null || now.slotId === reserved.timeSlotId) &&
    sameUnits(reserved.unitItems, asked.unitItems)
  );
}
