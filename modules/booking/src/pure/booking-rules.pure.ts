/**
 * The booking rules' messages and limits, one home for the decider and the add-booking form (pure, shared
 * with the frontend). Spec 02 §5 fixes the model's and the form's messages. Seats refusals ('Only 3 places
 * left', 'This date is closed for sale') are the departure's: scheduling's seat-messages.pure.ts.
 */
export const BOOKING_MESSAGES = {
  date: 'Date is required',
  offer: 'Offer is required',
  adults: 'At least one adult is required',
  guestName: 'Guest name is required',
  dateBeforeTomorrow: 'Date cannot be before tomorrow',
  timeSlot: 'Time slot is required',
  timeSlotNotOffered: 'This time slot is not offered for the chosen ticket',
  dayNotOffered: 'This ticket is not offered on the chosen date',
  noPeriod: 'No price is set for the chosen date',
  offerWithdrawn: 'This ticket is no longer sold: only the number of people on the booked date can be changed',
  minPeople: (n: number) => `At least ${n} people are required for this ticket`,
  maxPeople: (n: number) => `At most ${n} people can book this ticket`,
  childrenNotAllowed: 'Children not allowed',
  infantsNotAllowed: 'Infants not allowed',
  minimumAdvance: (hours: number) => `Booking closes ${hours} hours before the start`,
  notContracted: 'Tour not found or your agency may not sell it',
  contractSuspended: "Your agency's contract with this supplier is suspended",
  hotel: 'Hotel is required',
  notFound: 'Booking not found or you are not allowed to see it',
  notPending: 'Only a pending booking can be confirmed or declined',
  notConfirmed: 'Only a confirmed booking can be completed',
  alreadyCancelled: 'This booking is already cancelled',
  declined: 'This booking was declined: it cannot be changed',
  checkedIn: 'The guest has checked in: the booking can no longer be cancelled or moved',
  completed: 'A completed booking cannot be changed',
  notCancellable: 'A cancelled or completed booking cannot be changed',
  paymentNegative: 'Amounts cannot be negative',
  paymentNotLinked: "Amounts in AED must match the amounts in USD at the period's rate",
  focSupplierOnly: 'Free of charge places are given by the supplier only',
  versionRequired: 'The version of the booking the change was made on is required',
  reasonRequired: 'A reason is required to decline or cancel a booking',
  completeBeforeDate: 'A booking can be completed only on or after its date',
  guestNotFound: 'The chosen in-house guest was not found. Choose the guest again',
  guestNotInHouse: 'The guest is not in house at this hotel on this date. Choose the guest again',
  unsettled: 'The booking could not be completed in time; no seats were taken. Please try again',
} as const;

/** Spec 02 §9 and §5. */
export const BOOKING_LIMITS = { carouselDays: 10, operatorWindowDays: 14, adultsMin: 1, childAgeFrom: 3, adultTooltipAge: 12, peopleMax: 999, amountMax: 10_000_000 } as const;
