import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkNewPassword, RegisterAgencyCommand, RegisterUserCommand, type RegisteredTenant, type RegisteredUser } from '@tbo/identity';
import { findAgencyByName, findContractAgency, findUserByEmail } from '@tbo/read-models';
import { CommandHandlerBase, CommandRunner, NotFoundError, ValidationError, type CommandContext } from '@tbo/kernel';
import { contractDeciderFor, contractStream, type ContractCommand } from './contract';
import { CONTRACT_MESSAGES } from './contract-rules.pure';
import {
  AddContractedAgencyCommand,
  SetContractCommissionCommand,
  SignContractCommand,
  SuspendContractCommand,
  type AddedAgency,
  type SavedContract,
} from './contract.commands';

async function runContract(runner: CommandRunner, command: ContractCommand, context: CommandContext): Promise<SavedContract> {
  const { supplierId, agencyId } = command;
  const outcome = await runner.run({ stream: contractStream(supplierId, agencyId), decider: contractDeciderFor(supplierId, agencyId), command, context });
  return { agencyId, commission: outcome.state.commission, isSuspended: outcome.state.isSuspended, position: outcome.position };
}

@CommandHandler(SignContractCommand)
export class SignContractHandler extends CommandHandlerBase implements ICommandHandler<SignContractCommand, SavedContract> {
  async execute({ supplierId, agencyId, commission, context }: SignContractCommand): Promise<SavedContract> {
    // The admin picks from the same table: an agency it lists is one this check finds.
    if (!(await findContractAgency(this.db, agencyId))) throw new NotFoundError(CONTRACT_MESSAGES.agencyNotFound);
    return runContract(this.runner, { type: 'SignContract', supplierId, agencyId, commission }, context);
  }
}

@CommandHandler(SetContractCommissionCommand)
export class SetContractCommissionHandler extends CommandHandlerBase implements ICommandHandler<SetContractCommissionCommand, SavedContract> {
  execute({ supplierId, agencyId, commission, context }: SetContractCommissionCommand): Promise<SavedContract> {
    return runContract(this.runner, { type: 'SetContractCommission', supplierId, agencyId, commission }, context);
  }
}

@CommandHandler(SuspendContractCommand)
export class SuspendContractHandler extends CommandHandlerBase implements ICommandHandler<SuspendContractCommand, SavedContract> {
  execute({ supplierId, agencyId, suspend, context }: SuspendContractCommand): Promise<SavedContract> {
    return runContract(this.runner, { type: suspend ? 'SuspendContract' : 'ResumeContract', supplierId, agencyId }, context);
  }
}

/**
 * A new agency, its first agent and the contract: three streams, so three commands in turn. Everything a person can
 * get wrong (the password policy, a taken email or agency name, the commission) is checked first, so a refused form
 * registers nothing. Should the agent's registration still fail (an email taken in the meantime), the agency stays
 * registered but uncontracted, and the admin signs it from the list of agencies.
 */
@CommandHandler(AddContractedAgencyCommand)
export class AddContractedAgencyHandler extends CommandHandlerBase implements ICommandHandler<AddContractedAgencyCommand, AddedAgency> {
  constructor(private readonly commands: CommandBus) {
    super();
  }

  async execute({ supplierId, input, context }: AddContractedAgencyCommand): Promise<AddedAgency> {
    const problems: Record<string, string[]> = {};
    const password = checkNewPassword(input.agentPassword);
    if (password) problems.agentPassword = [password.message];
    if (await findUserByEmail(this.db, input.agentEmail)) problems.agentEmail = [`A user with the email ${input.agentEmail} already exists`];
    if (await findAgencyByName(this.db, input.agencyName)) problems.agencyName = [CONTRACT_MESSAGES.agencyNameTaken];
    // The decider would refuse it too, but only after the agency and the agent exist.
    const probe = contractDeciderFor(supplierId, 1);
    try {
      probe.decide({ type: 'SignContract', supplierId, agencyId: 1, commission: input.commission }, probe.initialState);
    } catch (err) {
      if (err instanceof ValidationError) problems.commission = [err.message];
      else throw err;
    }
    const first = Object.values(problems)[0]?.[0];
    if (first) throw new ValidationError(first, problems);

    const agency: RegisteredTenant = await this.commands
      .execute(new RegisterAgencyCommand({ name: input.agencyName }, context))
      .catch((err: unknown) => {
        // Another admin added an agency of this name since the check above (the name's stream decided).
        if (err instanceof ValidationError && err.details?.name) throw new ValidationError(CONTRACT_MESSAGES.agencyNameTaken, { agencyName: [CONTRACT_MESSAGES.agencyNameTaken] });
        throw err;
      });
    let agent: RegisteredUser;
    try {
      agent = await this.commands.execute(
        new RegisterUserCommand(
          { email: input.agentEmail, fullName: input.agentFullName, password: input.agentPassword, roles: ['agent'], agencyId: agency.id, isAgencyAdmin: true },
          context,
        ),
      );
    } catch (err) {
      throw asAgentField(err);
    }
    // Signed here rather than through SignContractCommand: the agency was registered a moment ago, and its read row may lag.
    const contract = await runContract(this.runner, { type: 'SignContract', supplierId, agencyId: agency.id, commission: input.commission }, context);
    return { ...contract, agencyName: input.agencyName, agentId: agent.id, agentEmail: agent.email };
  }
}

/** Identity names its fields email, fullName and password; the form knows them as the agent's. */
function asAgentField(err: unknown): unknown {
  if (!(err instanceof ValidationError) || !err.details) return err;
  const names: Record<string, string> = { email: 'agentEmail', fullName: 'agentFullName', password: 'agentPassword' };
  return new ValidationError(err.message, Object.fromEntries(Object.entries(err.details).map(([field, messages]) => [names[field] ?? field, messages])));
}
