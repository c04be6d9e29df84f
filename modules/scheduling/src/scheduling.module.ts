import { Module } from '@nestjs/common';
import { PickUpTimeDirectory } from './pickup-times/pickup-time-directory';
import { PickUpTimeReferenceChecks } from './pickup-times/pickup-time-references';
import { PickUpTimesController } from './pickup-times/pickup-times.controller';
import { DeletePickUpTimeHandler, SavePickUpTimeHandler } from './pickup-times/save-pickup-time.handler';
import { DeleteTimeSlotGroupHandler, DeleteTimeSlotHandler, SaveTimeSlotGroupHandler, SaveTimeSlotHandler } from './time-slots/save-time-slot-group.handler';
import { TimeSlotGroupsController } from './time-slots/time-slot-groups.controller';
import { TimeSlotsController } from './time-slots/time-slots.controller';
import { AvailabilityController } from './departures/availability.controller';
import { ChangeDepartureHandler, DEPARTURE_CLOCK } from './departures/change-departure.handler';
import { DepartureSeats } from './departures/departure-seats';
import { DeparturesInUse } from './departures/departures-in-use';
import { SlotBookings } from './departures/slot-bookings';
import { PickUpTimeUsers } from './pickup-times/pickup-time-users';

/** Time slot groups and their slots, pick-up times, and seats by date (closed dates, capacity changes). */
@Module({
  controllers: [TimeSlotsController, TimeSlotGroupsController, PickUpTimesController, AvailabilityController],
  providers: [PickUpTimeReferenceChecks, PickUpTimeDirectory, SavePickUpTimeHandler, DeletePickUpTimeHandler, SaveTimeSlotGroupHandler, DeleteTimeSlotGroupHandler, SaveTimeSlotHandler, DeleteTimeSlotHandler, ChangeDepartureHandler, DepartureSeats, DeparturesInUse, SlotBookings, PickUpTimeUsers, { provide: DEPARTURE_CLOCK, useValue: () => new Date() }],
  exports: [PickUpTimeDirectory, DepartureSeats],
})
export class SchedulingModule {}
