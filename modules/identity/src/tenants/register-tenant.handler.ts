import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, IdGenerator, zodPipe } from '@tbo/kernel';
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

@CommandHandler(RegisterAgencyCommand)
export class RegisterAgencyHandler implements ICommandHandler<RegisterAgencyCommand, RegisteredTenant> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
  ) {}

  async execute({ input, context }: RegisterAgencyCommand): Promise<RegisteredTenant> {
    const { id: given, name } = zodPipe(registerAgencyInput).transform(input);
    const id = given ?? (await this.ids.next('agency'));
    if (given) await this.ids.atLeast('agency', given);
    const outcome = await this.runner.run({ stream: agencyStream(id), decider: agencyDecider, command: { id, name }, context });
    return { id, position: outcome.position };
  }
}
