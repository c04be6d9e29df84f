import { recordedAs } from '@tbo/event-schemas';
import type { EventStore } from '../event-store/event-store.port';
import type { IdGenerator } from '../ids/id-generator';
import type { CommandContext } from './command-context';
import type { CommandOutcome, CommandRunner } from './command-runner';
import { fold, type Decider } from './decider';

type AnyEvent = { type: string; data: unknown };

export interface SaveEntityArgs<C> {
  ids: IdGenerator;
  /** The id sequence a new entity takes its id from. */
  idKind: string;
  /** The id the client sent; none (0, null) creates a new entity. */
  given?: number | null;
  /** The revision the client edited; checked only for an existing entity (a new one has no stream yet). */
  version?: number | null;
  context: CommandContext;
  command(id: number, isNew: boolean): C;
}

/**
 * An aggregate kept in one stream per id (a tour, an offer, a pick-up time…). A module names its streams and
 * starting state once and runs every command through `run` / `save`, instead of each handler spelling out
 * "load the stream, decide, append" with the stream name and the initial state. Module-private: handlers
 * build it from their own decider, so no stream name leaves its module.
 */
export class EntityStream<C, E extends AnyEvent, S> {
  constructor(
    readonly stream: (id: number) => string,
    private readonly decider: Decider<C, E, S>,
    /** The state before any event: it already knows its id. */
    private readonly initialState: (id: number) => S,
  ) {}

  /** The entity's current state, for a check or another aggregate's decision (nothing is appended). */
  async load(store: EventStore, id: number): Promise<S> {
    return fold({ ...this.decider, initialState: this.initialState(id) }, recordedAs<E>(await store.readStream(this.stream(id))));
  }

  /** Runs one command on the entity's stream; `expectedRevision` as in CommandRunner.run. */
  run(runner: CommandRunner, id: number, command: C, context: CommandContext, expectedRevision?: number | null): Promise<CommandOutcome<E, S>> {
    return runner.run({ stream: this.stream(id), decider: { ...this.decider, initialState: this.initialState(id) }, command, context, expectedRevision });
  }

  /** Creates or changes an entity: a new id only when none was given, and the client's revision only when it exists. */
  async save(runner: CommandRunner, args: SaveEntityArgs<C>): Promise<CommandOutcome<E, S> & { id: number }> {
    const isNew = !args.given;
    const id = args.given || (await args.ids.next(args.idKind));
    const outcome = await this.run(runner, id, args.command(id, isNew), args.context, isNew ? undefined : args.version);
    return { ...outcome, id };
  }
}

/** A save's answer: the entity's view, the revision the next edit sends back, and the position a read's ?after= waits for. */
export function versioned<V extends object>(view: V, outcome: Pick<CommandOutcome<unknown, unknown>, 'revision' | 'position'>): V & { version: number | null; position: string | null } {
  return { ...view, version: outcome.revision, position: outcome.position };
}
