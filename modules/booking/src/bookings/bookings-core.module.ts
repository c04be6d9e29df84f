import { Module } from '@nestjs/common';
import { SchedulingModule } from '@tbo/scheduling';
import { ContractsModule } from '../contracts/contracts.module';
import { AgentBookingsController } from './agent-bookings.controller';
import { BOOKING_CLOCK, BookingFaults } from './booking-clock';
import { BookingFacts } from './booking-facts';
import { ChangeBookingHandler } from './change-booking.handler';
import { CreateBookingHandler } from './create-booking.handler';
import { NewBookingOptions } from './new-booking-options';
import { OperatorBookingsController } from './operator-bookings.controller';

/** Bookings themselves: making one (seats first), every later change, details, history, the add-booking choices. */
@Module({
  imports: [SchedulingModule, ContractsModule],
  controllers: [AgentBookingsController, OperatorBookingsController],
  providers: [BookingFacts, NewBookingOptions, CreateBookingHandler, ChangeBookingHandler, BookingFaults, { provide: BOOKING_CLOCK, useValue: () => new Date() }],
  exports: [BookingFacts, BookingFaults, BOOKING_CLOCK],
})
export class BookingsCoreModule {}
