import { asksForSameReservation, type ReservedFor } from './octo-same-reservation.pure';

describe('asksForSameReservation (a uuid sent again)', () => {
  const reserved: ReservedFor = { tourId: 7, offerId: 9, timeSlotId: 31, availabilityId: '2026-12-03T09:00:00+04:00', unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }] };
  const asked = { productId: '7', optionId: '9', availabilityId: '2026-12-03T09:00:00+04:00', unitItems: [{ unitId: 'child' }, { unitId: 'adult' }, { unitId: 'adult' }] };

  it('is the same reservation when product, option, departure and party match (units in any order, the slot named or not)', () => {
    expect(asksForSameReservation(reserved, asked)).toBe(true);
    expect(asksForSameReservation(reserved, { ...asked, availabilityId: '2026-12-03T09:00:00+04:00#s31' })).toBe(true);
  });

  it('is another reservation when any of them differs', () => {
    for (const other of [
      { productId: '8' },
      { optionId: '10' },
      { availabilityId: '2026-12-04T09:00:00+04:00' },
      { availabilityId: '2026-12-03T15:00:00+04:00' },
      { availabilityId: '2026-12-03T09:00:00+04:00#s32' },
      { availabilityId: 'tomorrow' },
      { unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] },
      { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'infant' }] },
    ]) {
      expect({ other, same: asksForSameReservation(reserved, { ...asked, ...other }) }).toEqual({ other, same: false });
    }
  });
});
