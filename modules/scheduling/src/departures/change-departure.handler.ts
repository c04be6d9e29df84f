import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, EVENT_STORE, type EventStore } from '@tbo/kernel';
import { timeSlotGroups } from '../time-slots/time-slot-group';
import { dubaiToday } from './business-date.pure';
import { ChangeDepartureCommand } from './departure.commands';
import { baseCapacityOf, departureDecider, departureStream, departureView, type DepartureCommand, type DepartureRef, type DepartureView } from './departure';

/** A command's answer: the departure as decided, and the position a read's ?after= waits for (null: nothing changed). */
export interface SavedDeparture extends DepartureView {
  position: string | null;
}

/** The clock the handler asks for today's date; tests may replace it. */
export const DEPARTURE_CLOCK = Symbol('DEPARTURE_CLOCK');
export type DepartureClock = () => Date;

/**
 * Reads the group's stream (its supplier, whether its slots share its seats, the capacity a date falls back
 * to), then decides on the departure's own stream and appends with its expected revision. Only the departure's
 * stream is written, so no transaction spans two streams.
 */
@CommandHandler(ChangeDepartureCommand)
export class ChangeDepartureHandler implements ICommandHandler<ChangeDepartureCommand, SavedDeparture> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DEPARTURE_CLOCK) private readonly clock: DepartureClock,
  ) {}

  async execute({ supplierId, departure, change, context }: ChangeDepartureCommand): Promise<SavedDeparture> {
    const group = await timeSlotGroups.load(this.store, departure.groupId);
    const ref: DepartureRef = { supplierId, groupId: departure.groupId, timeSlotId: departure.timeSlotId, date: departure.date };
    const now = this.clock();
    const facts = { ...ref, group, today: dubaiToday(now), now: now.toISOString() };
    const command: DepartureCommand =
      change.kind === 'close' ? { ...facts, type: 'CloseDeparture' } : change.kind === 'reopen' ? { ...facts, type: 'ReopenDeparture' } : { ...facts, type: 'SetDepartureCapacity', capacity: change.capacity };
    const outcome = await this.runner.run({ stream: departureStream(ref), decider: departureDecider, command, context });
    return { ...departureView(ref, outcome.state, baseCapacityOf(group, ref), now), position: outcome.position };
  }
}
