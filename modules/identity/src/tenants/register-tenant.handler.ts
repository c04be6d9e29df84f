import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordedAs, type AgencyEvent } from '@tbo/event-schemas';
import { CommandRunner, EVENT_STORE, fold, IdGenerator, nameKey, UniqueNames, ValidationError, zodPipe, type EventStore } from '@tbo/kernel';
import { agencyDecider, agencyStream, supplierDecider, supplierStream } from './tenant';
import {
  RegisterAgencyCommand,
  registerAgencyInput,
  RegisterSupplierCommand,
  registerSupplierInput,
  type RegisteredTenant,
} from './tenant.commands';

@CommandHandler(RegisterSupplierCommand)
export class RegisterSupplierHandler implements ICommandHandler<RegisterSupplierCommand, RegisteredTenant> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
  ) {}

  async execute({ input, context }: RegisterSupplierCommand): Promise<RegisteredTenant> {
    const { id: given, name, city } = zodPipe(registerSupplierInput).transform(input);
    // A fixed id moves the sequence past it, so later new suppliers never collide with it.
    const id = given ?? (await this.ids.next('supplier'));
    if (given) await this.ids.atLeast('supplier', given);
    const outcome = await this.runner.run({ stream: supplierStream(id), decider: supplierDecider, command: { id, name, city }, context });
    return { id, position: outcome.position };
  }
}

/** Two agencies of one name would be one agency twice (the contracting tab signs an existing one instead). */
export const agencyNameTaken = (name: string) => {
  const message = `An agency named '${name}' already exists`;
  return new ValidationError(message, { name: [message] });
};

/**
 * Agency names are unique, decided on the name's reservation stream (kernel's UniqueNames), so two admins adding the
 * same new agency at once make one. Agencies are never renamed.
 */
@CommandHandler(RegisterAgencyCommand)
export class RegisterAgencyHandler implements ICommandHandler<RegisterAgencyCommand, RegisteredTenant> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly names: UniqueNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input, context }: RegisterAgencyCommand): Promise<RegisteredTenant> {
    const { id: given, name } = zodPipe(registerAgencyInput).transform(input);
    const id = given ?? (await this.ids.next('agency'));
    if (given) await this.ids.atLeast('agency', given);
    const outcome = await this.names.save({
      holder: id,
      name: { scope: 'agency', name },
      previous: null,
      bears: async (holder, held) => {
        const agency = fold(agencyDecider, recordedAs<AgencyEvent>(await this.store.readStream(agencyStream(holder))));
        return agency.exists && nameKey(agency.name) === nameKey(held.name);
      },
      taken: () => agencyNameTaken(name),
      context,
      write: () => this.runner.run({ stream: agencyStream(id), decider: agencyDecider, command: { id, name }, context }),
    });
    return { id, position: outcome.position };
  }
}
