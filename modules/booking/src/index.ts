export { BookingModule } from './booking.module';
export * from './pure/booking-status.pure';
export * from './pure/booking-money.pure';
export * from './pure/booking-rules.pure';
// contracts
export { ContractBook, type ContractTerms } from './contracts/contract-book';
export { SignContractCommand, SetContractCommissionCommand, SuspendContractCommand, AddContractedAgencyCommand, type SavedContract, type AddedAgency } from './contracts/contract.commands';
export { CONTRACT_MESSAGES } from './contracts/contract';
// bookings
export { CreateBookingCommand, ChangeBookingCommand, resellerUser, type BookingAction, type BookingScope, type ResellerBooking } from './bookings/booking.commands';
export type { CreatedBooking } from './bookings/create-booking.handler';
export type { ChangedBooking } from './bookings/change-booking.handler';
export type { NewBookingInput } from './bookings/new-booking.rules';
// the rules of a date, slot and counts (OCTO offers and reserves by them before a booking exists)
export { decideSchedule, periodCovering, type ScheduleInput, type ScheduleFacts, type Schedule } from './bookings/new-booking.rules';
export { BOOKING_CLOCK, BookingFaults, type BookingClock } from './bookings/booking-clock';
export { NewBookingOptions } from './bookings/new-booking-options';
export { seatClaimsProcessManager, SEAT_CLAIMS_QUEUE, SEAT_CLAIM_SETTLE_DELAY_MS } from './bookings/seat-claims.process-manager';
export { seatClaimsProcessor } from './bookings/seat-claims.processor';
export { settleSeatClaim, type SeatClaimJob, type SettleOutcome } from './bookings/settle-seat-claim';
export { sweepSeatClaims, SWEEP_SEAT_CLAIMS_JOB, SEAT_CLAIMS_SWEEP_GRACE_MS, type SeatClaimsSweepOutcome } from './bookings/sweep-seat-claims';
export { holdExpiryProcessManager, HOLD_EXPIRY_QUEUE, EXPIRE_HOLD_JOB, SWEEP_HOLDS_JOB } from './bookings/hold-expiry.process-manager';
export { holdExpiryProcessor } from './bookings/hold-expiry.processor';
export { expireHold, sweepExpiredHolds, type HoldExpiryJob } from './bookings/expire-hold';
export * from './pure/cancellation-refund.pure';
export * from './pure/booking-view.pure';
// documents
export { bookingForDocuments, recordDocumentIssued, type BookingForDocuments } from './bookings/booking-documents';
export { bookingForTickets, recordTicketsAllocated, recordTicketsReturned, recordTicketsShort } from './bookings/booking-tickets';
export { TICKET_MESSAGES } from './bookings/booking-tickets.decide';
export { agentScope } from './bookings/agent-bookings.controller';
export { inScope } from './bookings/change-booking.handler';
export { bookingNotFound } from './bookings/booking';
export * from './pure/booking-documents.pure';
// check-in
export * from './pure/booking-checkin.pure';
export { bookingForCheckIn, checkInBooking } from './bookings/booking-checkin';
