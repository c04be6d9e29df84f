import { Logger } from '@nestjs/common';
import { recordedAs, type NameReservationEvent } from '@tbo/event-schemas';
import type { CommandContext } from '../decider/command-context';
import type { CommandRunner } from '../decider/command-runner';
import { fold } from '../decider/decider';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/event-store.port';
import { nameReservationDecider, nameReservationStream, NameTakenError, sameScopedName, type ScopedName } from './name-reservation';

export interface NamedSave<T> {
  /** The id of the item being saved: the holder of its name. */
  holder: number;
  /** The name the item will bear. */
  name: ScopedName;
  /** The name it bears now (an existing item), given back once the save has landed when it differs. */
  previous: ScopedName | null;
  /** Whether an item still bears a name it holds, read from the item's own stream (never a read table). */
  bears: (holder: number, name: ScopedName) => Promise<boolean>;
  /** The refusal when someone else holds the name, in the caller's words. */
  taken: () => Error;
  context: CommandContext;
  /** Writes the item; runs only once the name is this item's. */
  write: () => Promise<T>;
}

/**
 * Unique names decided on reservation streams, never on read tables that lag (ARCHITECTURE.md, "Invariants live on
 * streams"): a save reserves its name on the name's own stream with the revision it read, then writes its item, then
 * gives back the name it no longer bears. No step needs a transaction across two streams: a save that dies after
 * reserving leaves a reservation its holder does not bear, which the next claimant takes over once it is old
 * (ABANDONED_NAME_MS); one that dies before giving back leaves the old name reserved the same way.
 */
export class UniqueNames {
  private readonly log = new Logger('UniqueNames');

  constructor(
    private readonly runner: CommandRunner,
    private readonly store: EventStore,
  ) {}

  async save<T>(save: NamedSave<T>): Promise<T> {
    const reservedNow = await this.reserve(save);
    let saved: T;
    try {
      saved = await save.write();
    } catch (err) {
      if (reservedNow) await this.release(save.name, save.holder, save.context);
      throw err;
    }
    if (save.previous && !sameScopedName(save.previous, save.name)) await this.release(save.previous, save.holder, save.context);
    return saved;
  }

  /** Who holds the name now, read from its stream (null: nobody); the caller asks the holder whether it bears it. */
  async holderOf(name: ScopedName): Promise<number | null> {
    return fold(nameReservationDecider, recordedAs<NameReservationEvent>(await this.store.readStream(nameReservationStream(name)))).holder;
  }

  /** Reserves the name for the holder; answers whether this call reserved it (false: the holder had it already). */
  private async reserve(save: NamedSave<unknown>): Promise<boolean> {
    const stream = nameReservationStream(save.name);
    const events = await this.store.readStream(stream);
    const state = fold(nameReservationDecider, recordedAs<NameReservationEvent>(events));
    if (state.holder === save.holder) return false;
    const holderBearsIt = state.holder !== null && (await save.bears(state.holder, save.name));
    try {
      const outcome = await this.runner.run({
        stream,
        decider: nameReservationDecider,
        command: { type: 'ReserveName', ...save.name, holder: save.holder, at: new Date().toISOString(), holderBearsIt },
        context: save.context,
        expectedRevision: events.length ? events[events.length - 1]!.revision : 'no_stream',
      });
      return outcome.events.length > 0;
    } catch (err) {
      // Held by another, or reserved by someone else between our read and our append.
      if (err instanceof NameTakenError || err instanceof WrongExpectedRevisionError) throw save.taken();
      throw err;
    }
  }

  /** Gives a name back. Best effort: a reservation left behind is taken over later, so a failure here only logs. */
  private async release(name: ScopedName, holder: number, context: CommandContext): Promise<void> {
    await this.runner
      .run({ stream: nameReservationStream(name), decider: nameReservationDecider, command: { type: 'ReleaseName', ...name, holder }, context })
      .catch((err: Error) => this.log.warn(`name '${name.name}' (${name.scope}) of ${holder} not given back: ${err.message}`));
  }
}
