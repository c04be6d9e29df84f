import { Injectable } from '@nestjs/common';

/**
 * The OCTO API's clock: when a reservation expires and whether it has. An object, so a test can move it on to see a
 * hold expire without waiting for it (the departure decides seats on the instant it is given, see DepartureSeats).
 */
@Injectable()
export class OctoClock {
  now(): Date {
    return new Date();
  }
}
