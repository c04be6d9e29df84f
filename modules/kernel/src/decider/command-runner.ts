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
  /**
   * The revision the client edited (optimistic concurrency across a form's lifetime); 'no_stream': the client
   * edited an item never saved (its defaults), so the stream must still not exist (409 otherwise). null or absent:
   * no check, decided on the stream as it is.
   */
  expectedRevision?: number | null | 'no_stream';
  /**
   * A hot stream (a departure's seats): run this process's commands on the stream one at a time
   * (StreamQueue) and retry a conflict with another process more often. Without a client revision only.
   */
  queued?: boolean;
  /**
   * The stream cannot exist yet (its id was just taken from a sequence): decide on the initial state and
   * append with 'no_stream' without reading it first. Should it exist after all, the append is refused
   * and the retry reads it.
   */
  newStream?: boolean;
}

/** Enough for a burst of concurrent writers to one stream; each retry re-reads the stream. */
const RETRIES_WITHOUT_REVISION = 5;
/** Queued commands meet only other processes' writers: rarer conflicts, but a lost command costs a sale. */
const RETRIES_QUEUED = 25;
/** Hot streams whose state this process keeps between commands (the most recently used). */
const KNOWN_STREAMS = 5000;

interface KnownState {
  state: unknown;
  revision: number | null;
}

/**
 * The one way commands change state: load the stream, fold it, decide, append with the
 * revision the decision was based on. A concurrent save in between makes the append fail
 * with WrongExpectedRevisionError (HTTP 409) instead of silently overwriting.
 */
export class CommandRunner {
  private readonly queue = new StreamQueue();
  /**
   * The state a queued stream was left in by this process's last command on it. The next command decides
   * on it and appends with its revision without reading the stream again: when another process wrote in
   * between, the append is refused and the retry reads the stream afresh, so a stale entry costs a retry,
   * never a wrong decision. A hot departure then costs one round trip per booking instead of a read of
   * every seat taken so far and an append.
   */
  private readonly known = new Map<string, KnownState>();

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

  /** The client's revision, when it sent one, differs from the stream's: its view is stale. */
  private static stale(expected: number | null | 'no_stream' | undefined, current: number | null): boolean {
    if (expected === 'no_stream') return current !== null;
    return expected !== undefined && expected !== null && expected !== current;
  }

  private async withRetries<C, E extends { type: string; data: unknown }, S>(args: RunArgs<C, E, S>, attempts: number): Promise<CommandOutcome<E, S>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(args, attempt === 1);
      } catch (e) {
        if (args.queued) this.known.delete(args.stream);
        if (!(e instanceof WrongExpectedRevisionError) || attempt >= attempts) throw e;
      }
    }
  }

  private async once<C, E extends { type: string; data: unknown }, S>(args: RunArgs<C, E, S>, firstAttempt: boolean): Promise<CommandOutcome<E, S>> {
    const { state, current, remembered } = await this.stateOf(args, firstAttempt);
    if (CommandRunner.stale(args.expectedRevision, current)) throw new WrongExpectedRevisionError(args.stream, args.expectedRevision!, current);
    let events: E[];
    try {
      events = args.decider.decide(args.command, state);
    } catch (refusal) {
      // Only an append checks the revision: a refusal ('No places left') must be decided on the stream as it is.
      if (remembered) return this.forgetAndRedo(args);
      throw refusal;
    }
    if (events.length === 0) {
      // Nothing to do, by a remembered state (another process may have taken the claim this releases): ask the stream.
      if (remembered) return this.forgetAndRedo(args);
      return { state, events, revision: current, position: null };
    }
    const result = await this.store.appendToStream(args.stream, events as NewEvent[], {
      expectedRevision: current ?? 'no_stream',
      metadata: metadataOf(args.context),
    });
    const after = events.reduce((s, e) => args.decider.evolve(s, e), state);
    if (args.queued) this.remember(args.stream, { state: after, revision: result.nextExpectedRevision });
    return { state: after, events, revision: result.nextExpectedRevision, position: result.position };
  }

  private forgetAndRedo<C, E extends { type: string; data: unknown }, S>(args: RunArgs<C, E, S>): Promise<CommandOutcome<E, S>> {
    this.known.delete(args.stream);
    return this.once(args, false);
  }

  /** The state to decide on: remembered (a queued stream this process wrote last), new, or read and folded. */
  private async stateOf<C, E extends { type: string; data: unknown }, S>(args: RunArgs<C, E, S>, firstAttempt: boolean): Promise<{ state: S; current: number | null; remembered: boolean }> {
    if (firstAttempt && args.newStream) return { state: args.decider.initialState, current: null, remembered: false };
    const known = args.queued ? this.known.get(args.stream) : undefined;
    if (known) return { state: known.state as S, current: known.revision, remembered: true };
    const past = recordedAs<E>(await this.store.readStream(args.stream));
    const state = past.reduce((s, e) => args.decider.evolve(s, e), args.decider.initialState);
    const current = past.length ? past[past.length - 1]!.revision : null;
    if (args.queued) this.remember(args.stream, { state, revision: current });
    return { state, current, remembered: false };
  }

  private remember(stream: string, known: KnownState): void {
    this.known.delete(stream);
    this.known.set(stream, known);
    if (this.known.size > KNOWN_STREAMS) this.known.delete(this.known.keys().next().value!);
  }
}
