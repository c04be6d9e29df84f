import { Module } from '@nestjs/common';
import { ContractsModule } from './contracts/contracts.module';
import { BookingListsModule } from './lists/booking-lists.module';
import { BookingsCoreModule } from './bookings/bookings-core.module';

/** Contracts (which agencies sell a supplier's tours), bookings and their seats, the lists and commissions. */
@Module({ imports: [ContractsModule, BookingsCoreModule, BookingListsModule], exports: [ContractsModule, BookingsCoreModule] })
export class BookingModule {}
