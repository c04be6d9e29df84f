import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '@tbo/kernel';
import { userDecider, userStream } from './user';
import { ImpersonateUserCommand } from './user.commands';

/** Records 'log me in' (UserImpersonated on the target's stream) after the decider's rules allow it. */
@CommandHandler(ImpersonateUserCommand)
export class ImpersonateUserHandler implements ICommandHandler<ImpersonateUserCommand, { position: string | null }> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ userId, by, context }: ImpersonateUserCommand): Promise<{ position: string | null }> {
    const outcome = await this.runner.run({
      stream: userStream(userId),
      decider: userDecider,
      command: { type: 'ImpersonateUser', by: by.email, byRoles: by.roles, bySupplierId: by.supplierId, byAgencyId: by.agencyId },
      context,
    });
    return { position: outcome.position };
  }
}
