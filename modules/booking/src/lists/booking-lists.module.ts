import { Module } from '@nestjs/common';
import { AgentBookingListsController } from './agent-booking-lists.controller';
import { BookingSearchController } from './booking-search.controller';
import { OperatorBookingListController } from './operator-booking-list.controller';

/** The booking lists: operations', the agents' bookings and commissions, their Excel files and the header search. */
@Module({ controllers: [OperatorBookingListController, AgentBookingListsController, BookingSearchController] })
export class BookingListsModule {}
