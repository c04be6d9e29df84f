import { Injectable } from '@nestjs/common';

/**
 * The check-in's clock: whether the tour's day has come (a guest is checked in on it, not before) and the instant a
 * redemption is recorded at. An object, so a test can set it on a booking's day, days ahead as every booking is.
 */
@Injectable()
export class CheckInClock {
  now(): Date {
    return new Date();
  }
}
