import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { CommandRunner } from '../decider/command-runner';
import type { EntityStream } from '../decider/entity-stream';
import type { EventStore } from '../event-store/event-store.port';
import { IdGenerator } from '../ids/id-generator';
import { EVENT_STORE, KNEX } from './tokens';

/**
 * What a command handler of a module's items needs: the runner that loads, decides and appends, the id
 * generator for new items, the read database for the look-ups a decision needs, and the event store for
 * streams it only reads. Injected as properties (as CommandQueryController's are) so that a handler names
 * only what else it needs; they are set after construction, so a constructor must not use them.
 */
@Injectable()
export abstract class CommandHandlerBase {
  @Inject(CommandRunner) protected readonly runner!: CommandRunner;
  @Inject(IdGenerator) protected readonly ids!: IdGenerator;
  @Inject(KNEX) protected readonly db!: Knex;
  @Inject(EVENT_STORE) protected readonly store!: EventStore;

  /** Creates or changes an entity of `entities` (EntityStream.save), a new one numbered from the `idKind` sequence. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any entity stream: its command type types `args`
  protected saveEntity<T extends EntityStream<any, any, any>>(entities: T, idKind: string, args: Omit<Parameters<T['save']>[1], 'ids' | 'idKind'>): ReturnType<T['save']> {
    return entities.save(this.runner, { ...args, ids: this.ids, idKind }) as ReturnType<T['save']>;
  }
}
