import { OctoAvailabilityService } from './availability/octo-availability.service';
import { OctoCatalog } from './catalog/octo-catalog';
import { OctoPickups } from './catalog/octo-pickups';
import { OctoProducts } from './catalog/octo-products';
import { OctoSupplier } from './catalog/octo-supplier';
import { OctoBookingsController } from './http/octo-bookings.controller';
import { OctoCatalogController } from './http/octo-catalog.controller';
import { OctoClock } from './octo-clock';
import { OctoFaults } from './octo-faults';
import { OctoBookingChanges } from './reservations/octo-booking-changes';
import { OctoReservationReader } from './reservations/octo-reservation-reader';
import { OctoReserve } from './reservations/octo-reserve';
import { ReservationLocks } from './reservations/reservation-locks';

/** The OCTO supplier API (/octo): its routes and what they use, for the connectivity module. */
export const OCTO_SERVER_CONTROLLERS = [OctoCatalogController, OctoBookingsController];
export const OCTO_SERVER_PROVIDERS = [OctoClock, OctoFaults, OctoCatalog, OctoPickups, OctoProducts, OctoSupplier, OctoAvailabilityService, OctoReservationReader, OctoReserve, OctoBookingChanges, ReservationLocks];
