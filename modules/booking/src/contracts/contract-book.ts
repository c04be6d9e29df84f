import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { recordedAs, type ContractEvent } from '@tbo/event-schemas';
import { activeSuppliersOfAgency } from '@tbo/read-models';
import { EVENT_STORE, fold, KNEX, type EventStore } from '@tbo/kernel';
import { contractDeciderFor, contractStream, type ContractState } from './contract';

/** What a booking needs to know of a supplier's contract with an agency. */
export interface ContractTerms {
  active: boolean;
  /** Percent replacing the valid period's commission; null keeps the period's. */
  commission: number | null;
}

/**
 * The contracts other parts of the booking module consult. `contractOf` folds the contract's stream, so a
 * suspension takes effect for the very next booking; `suppliersOf` reads the read table, fine for choosing which
 * tours an agent is shown (a second's lag there is harmless: the booking itself asks `contractOf`).
 */
@Injectable()
export class ContractBook {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly db: Knex,
  ) {}

  async state(supplierId: number, agencyId: number): Promise<{ state: ContractState; revision: number | null }> {
    const events = recordedAs<ContractEvent>(await this.store.readStream(contractStream(supplierId, agencyId)));
    return { state: fold(contractDeciderFor(supplierId, agencyId), events), revision: events.at(-1)?.revision ?? null };
  }

  /** Null when the supplier never contracted the agency. */
  async contractOf(supplierId: number, agencyId: number): Promise<ContractTerms | null> {
    const { state } = await this.state(supplierId, agencyId);
    return state.signed ? { active: !state.isSuspended, commission: state.commission } : null;
  }

  /** The suppliers whose contract with the agency is active, with the agency's commission at each. */
  suppliersOf(agencyId: number): Promise<{ supplierId: number; commission: number | null }[]> {
    return activeSuppliersOfAgency(this.db, agencyId);
  }
}
