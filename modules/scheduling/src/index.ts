export { SchedulingModule } from './scheduling.module';
export * from './pure/pickup-window.pure';
export { PickUpTimeDirectory } from './pickup-times/pickup-time-directory';
export { PICKUP_TIME_MESSAGES, PICKUP_TIME_NOT_FOUND, type PickUpTimeFields, type SavedPickUpTime } from './pickup-times/pickup-time';
export { SavePickUpTimeCommand, DeletePickUpTimeCommand } from './pickup-times/pickup-time.commands';
export * from './pure/days-offered.pure';
export * from './pure/time-slot-rules.pure';
export { slotTimeFields, slotTimeInput, type SlotTimeFields } from './pure/time-of-day.pure';
export { timeSlotOwnership, type TimeSlotOwnership } from './time-slots/time-slot-ownership';
export { TIME_SLOT_GROUP_NOT_FOUND, type StoredTimeSlot, type StoredTimeSlotGroup } from './time-slots/time-slot-group';
export { SaveTimeSlotGroupCommand, DeleteTimeSlotGroupCommand, SaveTimeSlotCommand, DeleteTimeSlotCommand } from './time-slots/time-slot.commands';
export type { TimeSlot, TimeSlotGroup, TimeSlotOffer } from './time-slots/time-slot.views';
export type { SavedTimeSlot, SavedTimeSlotGroup } from './time-slots/save-time-slot-group.handler';
export * from './departures/business-date.pure';
export { DEPARTURE_MESSAGES, type DepartureCommand, type DepartureState, type DepartureView } from './departures/departure';
export { ChangeDepartureCommand, AVAILABILITY_DAYS_MAX, type DepartureChange } from './departures/departure.commands';
export { DEPARTURE_CLOCK, type DepartureClock, type SavedDeparture } from './departures/change-departure.handler';
export type { AvailabilityAnswer } from './departures/availability.controller';
export {
  DepartureSeats,
  releaseSeatClaim,
  releaseDepartureHold,
  type SlotForBooking,
  type SeatsQuestion,
  type SeatRelease,
  type SeatsOutcome,
  type HoldRequest,
  type ExtendHoldRequest,
  type ReleaseHoldRequest,
  type HoldRelease,
} from './departures/departure-seats';
export type { SeatClaim, SeatHold, HoldReleaseReason } from './departures/departure';
export * from './pure/seat-messages.pure';
