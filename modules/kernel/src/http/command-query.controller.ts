import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { EventStore } from '../event-store/event-store.port';
import { EVENT_STORE, KNEX } from '../nest/tokens';

/**
 * What a controller of a module's items needs: the command bus for its writes, the read database for
 * its queries, and the event store, whose positions a query's ?after= waits for. Controllers extend
 * it instead of repeating the injection.
 */
@Injectable()
export abstract class CommandQueryController {
  constructor(
    protected readonly commands: CommandBus,
    @Inject(KNEX) protected readonly db: Knex,
    @Inject(EVENT_STORE) protected readonly store: EventStore,
  ) {}
}
