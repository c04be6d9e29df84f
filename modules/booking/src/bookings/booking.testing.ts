/** The worked example's booker: agent 40 of agency 2, in the back office. */
export const AGENCY_BOOKER = { agencyId: 2, agentId: 40, staffAgentId: null, channel: 'backoffice' as const };

/** What was booked: offer 7 of supplier 5's tour 3, on the morning slot 21 of group 9 (09:00). */
export const DESERT_SAFARI = { tourId: 3, tourName: 'Desert Safari', offerId: 7, offerName: 'Desert Safari — Standard' };
export const MORNING_SLOT = { timeSlotId: 21, timeSlotName: 'Morning', startTime: 540 };

/**
 * The worked example's traveller, as a decided booking holds them: the bookings' specs build their events and
 * expectations from these so that one change of the example reaches every spec.
 */
export const ATLANTIS_PICK_UP = {
  hotelId: 4,
  customHotelName: null,
  hotelName: 'Atlantis The Palm',
  regionId: 6,
  regionName: 'Palm Jumeirah',
  pickUpTimeStart: 480,
  pickUpTimeEnd: 510,
};

export const ANNA = { guestName: 'Anna Smirnova', roomNumber: '1204', phones: ['+971501234567'] };
