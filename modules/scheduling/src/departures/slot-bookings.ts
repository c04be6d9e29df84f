import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { AppError, EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { bookingsProjection, slotBookedDates, waitUntilCurrent } from '@tbo/read-models';
import { dubaiToday } from './business-date.pure';
import { DEPARTURE_CLOCK, type DepartureClock } from './change-departure.handler';
import { DeparturesInUse, SEATS_BEING_COUNTED } from './departures-in-use';
import type { SlotBooked } from '../time-slots/time-slot-group';

/** How long a check waits for the bookings read table to have every booking event the store holds. */
const CAUGHT_UP_WAIT_MS = 5_000;

/**
 * The first date from today (Dubai) on with guests booked on one slot: what a delete of the slot and a change of
 * its times are checked against (time-slot-group.ts).
 *
 * An independent slot's seats are its own departures': read as DeparturesInUse reads them (streams). A shared
 * group's slots sell the group's departure, whose seats do not say which slot sold them, so the bookings read
 * table names the slot's bookings by date, once it has caught up with the store (a booking of the last moment
 * counts); each date is confirmed on the group's departure stream still holding seats, so a stale row (a booking
 * cancelled a moment ago) does not refuse the change. When the table cannot catch up in time the change is
 * refused for now rather than decided blind.
 */
@Injectable()
export class SlotBookings {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DEPARTURE_CLOCK) private readonly clock: DepartureClock,
    private readonly departures: DeparturesInUse,
  ) {}

  async first(supplierId: number, groupId: number, slotId: number, independent: boolean): Promise<SlotBooked | null> {
    const booked = await this.departures.booked(supplierId, groupId);
    if (independent) {
      const own = booked.find((d) => d.timeSlotId === slotId);
      return own ? { seats: own.seats, date: own.date } : null;
    }
    const heldDates = new Set(booked.filter((d) => d.timeSlotId === null).map((d) => d.date));
    if (heldDates.size === 0) return null;
    if (!(await waitUntilCurrent(this.db, this.store, bookingsProjection, undefined, CAUGHT_UP_WAIT_MS))) throw new AppError(503, 'Service unavailable', SEATS_BEING_COUNTED);
    const rows = await slotBookedDates(this.db, supplierId, slotId, dubaiToday(this.clock()));
    const first = rows.find((r) => r.seats > 0 && heldDates.has(r.date));
    return first ?? null;
  }
}
