import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { ContractBook, CONTRACT_MESSAGES } from '@tbo/booking';
import { findResellerKeyByHash } from '@tbo/read-models';
import { CommandRunner, ConflictError, EVENT_STORE, IdGenerator, KNEX, NotFoundError, ValidationError, type EventStore } from '@tbo/kernel';
import { resellerKeys } from './reseller-key';
import { IssueResellerKeyCommand, RevokeResellerKeyCommand, type IssuedResellerKey, type RevokedResellerKey } from './reseller-key.commands';
import { resellerKeyHistory } from './reseller-key-history';
import { looksLikeResellerKey, newResellerKey, resellerKeyFrom } from './reseller-key-secret';

/**
 * The key is made here, not in the decider (it takes randomness), and only its hash and first characters go to the
 * event: the answer is the one place the key is ever shown. Keys go to agencies the supplier has contracted (even
 * while suspended: the guard refuses them until the contract resumes); any other agency is not found.
 */
@CommandHandler(IssueResellerKeyCommand)
export class IssueResellerKeyHandler implements ICommandHandler<IssueResellerKeyCommand, IssuedResellerKey> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly contracts: ContractBook,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly db: Knex,
  ) {}

  async execute({ supplierId, agencyId, name, context, givenKey }: IssueResellerKeyCommand): Promise<IssuedResellerKey> {
    if (!(await this.contracts.contractOf(supplierId, agencyId))) throw new NotFoundError(CONTRACT_MESSAGES.notFound, 'Not found');
    const made = givenKey === undefined ? newResellerKey() : await this.given(givenKey);
    const id = await this.ids.next('resellerkey');
    const outcome = await resellerKeys.run(this.runner, id, { type: 'IssueResellerKey', id, supplierId, agencyId, name, keyHash: made.keyHash, keyPrefix: made.keyPrefix }, context);
    const { issuedAt } = await resellerKeyHistory(this.store, id);
    return { id, name: outcome.state.name, keyPrefix: made.keyPrefix, key: made.key, issuedAt: issuedAt!, position: outcome.position };
  }

  /** A fixed key (the demo seed's): issued once; a second time it would be two keys behind one secret. */
  private async given(key: string) {
    if (!looksLikeResellerKey(key)) throw new ValidationError('A given API key must start with tbo_ and be 20 to 200 letters, digits, _ or -');
    const made = resellerKeyFrom(key);
    if (await findResellerKeyByHash(this.db, made.keyHash)) throw new ConflictError('This API key is issued already');
    return made;
  }
}

@CommandHandler(RevokeResellerKeyCommand)
export class RevokeResellerKeyHandler implements ICommandHandler<RevokeResellerKeyCommand, RevokedResellerKey> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ supplierId, agencyId, keyId, context }: RevokeResellerKeyCommand): Promise<RevokedResellerKey> {
    const outcome = await resellerKeys.run(this.runner, keyId, { type: 'RevokeResellerKey', id: keyId, supplierId, agencyId }, context);
    const { revokedAt } = await resellerKeyHistory(this.store, keyId);
    return { id: keyId, revokedAt: revokedAt!, position: outcome.position };
  }
}
