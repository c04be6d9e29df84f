import { recordedAs, type NewEvent } from '@tbo/event-schemas';
import type { EventStore } from '../event-store/event-store.port';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { metadataOf, type CommandContext } from './command-context';
import type { Decider } from './decider';
import { StreamQueue } from './stream-queue';

export interface CommandOutcome<E, S> {
  /** State after the new events. */
  state: S;
  events: E[];
  /** Stream revision after the command (null: the stream still does not exist). */
  revision: number | null;
  /** Global position of the last new event, for read-your-writes; null when nothing changed. */
  position: string | null;
}

export interface RunArgs<C, E extends { type: string; data: unknown }, S> {
  stream: string;
  decider: Decider<C, E, S>;
  command: C;
  context: CommandContext;
  /** The revision the client edited (optimistic concurrency across a form's lifetime). */
  expectedRevision?: number | null;
  /**
   * A hot stream (a departure's seats): run this process's commands on the stream one at a time
   * (StreamQueue) and retry a conflict with another process more often. Without a client revision only.
   */
  queued?: boolean;
}

/** Enough for a burst of concurrent writers to one stream; each retry re-reads the stream. */
const RETRIES_WITHOUT_REVISION = 5;
/** Queued commands meet only other processes' writers: rarer conflicts, but a lost command costs a sale. */
const RETRIES_QUEUED = 25;

/**
 * The one way commands change state: load the stream, fold it, decide, append with the
 * revision the decision was based on. A concurrent save in between makes the append fail
 * with WrongExpectedRevisionError (HTTP 409) instead of silently overwriting.
 */
export class CommandRunner {
  private readonly queue = new StreamQueue();

  constructor(private readonly store: EventStore) {}

  async run<C, E extends { type: string; data: unknown }, S>(args: RunArgs<C, E, S>): Promise<CommandOutcome<E, S>> {
    if (args.queued && (args.expectedRevision === undefined || args.expectedRevision === null)) {
      return this.queue.run(args.stream, () => this.withRetries(args, RETRIES_QUEUED));
    }
    // Without a client revision the command asks only for a decision on the current state, so a
    // concurrent append is not a conflict: decide again on the newer state (two editors adding
    // valid periods to one offer both land). With one, the client's view is stale: 409.
    return this.withRetries(args, args.expectedRevision === undefined || args.expectedRevision === null ? RETRIES_WITHOUT_REVISION : 1);
  }

  private async withRetries<C, E extends { type: string; data: unknown }, S>(args: RunArgs<C, E, S>, attempts: number): Promise<CommandOutcome<E, S>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(args);
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError) || attempt >= attempts) throw e;
      }
    }
  }

  private async once<C, E extends { type: string; data: unknown }, S>(args: RunArgs<C, E, S>): Promise<CommandOutcome<E, S>> {
    const past = recordedAs<E>(await this.store.readStream(args.stream));
    const state = past.reduce((s, e) => args.decider.evolve(s, e), args.decider.initialState);
    const current = past.length ? past[past.length - 1]!.revision : null;
    if (args.expectedRevision !== undefined && args.expectedRevision !== null && args.expectedRevision !== current) {
      throw new WrongExpectedRevisionError(args.stream, args.expectedRevision, current);
    }
    const events = args.decider.decide(args.command, state);
    if (events.length === 0) return { state, events, revision: current, position: null };
    const result = await this.store.appendToStream(args.stream, events as NewEvent[], {
      expectedRevision: current ?? 'no_stream',
      metadata: metadataOf(args.context),
    });
    return {
      state: events.reduce((s, e) => args.decider.evolve(s, e), state),
      events,
      revision: result.nextExpectedRevision,
      position: result.position,
    };
  }
}
