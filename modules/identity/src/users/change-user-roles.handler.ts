import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, NotFoundError, zodPipe } from '@tbo/kernel';
import { USER_NOT_FOUND, userDecider, userStream } from './user';
import { ChangeUserRolesCommand, changeUserRolesInput, type ChangedUser } from './user.commands';
import { UserDirectory } from './user-directory';

@CommandHandler(ChangeUserRolesCommand)
export class ChangeUserRolesHandler implements ICommandHandler<ChangeUserRolesCommand, ChangedUser> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly directory: UserDirectory,
  ) {}

  async execute({ input, context }: ChangeUserRolesCommand): Promise<ChangedUser> {
    const { email, roles } = zodPipe(changeUserRolesInput).transform(input);
    const id = await this.directory.idOf(email);
    if (id === null) throw new NotFoundError(USER_NOT_FOUND);
    const outcome = await this.runner.run({
      stream: userStream(id),
      decider: userDecider,
      command: { type: 'ChangeUserRoles', roles, changedBy: context.userId ?? 'system' },
      context,
    });
    return { id, email, position: outcome.position };
  }
}
