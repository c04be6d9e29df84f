import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { EventStore } from '../event-store/event-store.port';
import { EVENT_STORE, KNEX } from '../nest/tokens';

/**
 * What a controller that only reads needs: the read database for its queries and the event store, whose
 * positions a query's ?after= waits for. They are injected as properties so that a controller with more to
 * inject names only its own constructor parameters; they are set after construction, so a constructor must
 * not use them.
 */
@Injectable()
export abstract class QueryController {
  @Inject(KNEX) protected readonly db!: Knex;
  @Inject(EVENT_STORE) protected readonly store!: EventStore;
}

/** What a controller of a module's items needs: a query controller's, and the command bus for its writes. */
@Injectable()
export abstract class CommandQueryController extends QueryController {
  @Inject(CommandBus) protected readonly commands!: CommandBus;
}
