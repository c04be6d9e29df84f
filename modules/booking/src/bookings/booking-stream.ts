import { ConflictError, EntityStream, type CommandContext, type CommandOutcome, type CommandRunner, type EventStore } from '@tbo/kernel';
import type { BookingEvent } from '@tbo/event-schemas';
import { bookingDecider, bookingStream, emptyBookingState, liveBooking, type BookingCommand, type BookingState } from './booking';

const entity = new EntityStream(bookingStream, bookingDecider, emptyBookingState);
const STALE = 'This item was changed by someone else in the meantime. Reload it and try again.';

/**
 * Whether a booking is as the client saw it at `version`. The version a client holds is the booking view's
 * (the revision of its last change), while the stream also takes the worker's DocumentIssued records: those
 * change nothing a person edits, so they must not turn an open form stale. The booking is unchanged when no
 * change landed after `version`: the view's version is at most it, and it is no revision the stream lacks.
 */
const unchangedSince = (state: BookingState, version: number): boolean => !!state.view && state.view.version <= version && version <= state.revision;

/**
 * Every booking command runs through this: the stream name stays in the module. With a client's version the
 * check above is made on the state the decision is made on (so a document recorded meanwhile is simply
 * decided again on, and a real change answers 409), instead of comparing the stream's revision.
 */
export const bookings = {
  stream: bookingStream,
  load: (store: EventStore, id: number): Promise<BookingState> => entity.load(store, id),
  /**
   * Refuses, before anything is written elsewhere, a change the stream would refuse anyway: a booking that is
   * cancelled or completed, or (with the client's version) changed since. The stream still decides at append.
   */
  assertChangeable(state: BookingState, version?: number | null): void {
    liveBooking(state);
    if (version !== undefined && version !== null && !unchangedSince(state, version)) throw new ConflictError(STALE);
  },
  /** A new booking: its id was just taken from the sequence, so there is no stream to read first. */
  create(runner: CommandRunner, id: number, command: BookingCommand, context: CommandContext): Promise<CommandOutcome<BookingEvent, BookingState>> {
    return runner.run({ stream: bookingStream(id), decider: { ...bookingDecider, initialState: emptyBookingState(id) }, command, context, newStream: true });
  },
  run(runner: CommandRunner, id: number, command: BookingCommand, context: CommandContext, version?: number | null): Promise<CommandOutcome<BookingEvent, BookingState>> {
    if (version === undefined || version === null) return entity.run(runner, id, command, context);
    return runner.run({
      stream: bookingStream(id),
      decider: {
        ...bookingDecider,
        initialState: emptyBookingState(id),
        decide(cmd, state) {
          if (state.view && !unchangedSince(state, version)) throw new ConflictError(STALE);
          return bookingDecider.decide(cmd, state);
        },
      },
      command,
      context,
    });
  },
};
