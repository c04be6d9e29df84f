import { Injectable } from '@nestjs/common';

/**
 * Where a test stops an OCTO confirmation between its two appends, as a crash would: the booking is made from the
 * hold (BookingCreated) and the reservation's OctoBookingConfirmed is never written. Production leaves it empty.
 */
@Injectable()
export class OctoFaults {
  afterBookingMade: (() => Promise<void>) | null = null;
}
