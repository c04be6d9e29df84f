import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, NotFoundError, zodPipe } from '@tbo/kernel';
import { countsAsAdmin, StaffRoster } from '../staff/staff-roster.service';
import { USER_NOT_FOUND, userDecider, userStream, validRoles } from './user';
import { ChangeUserRolesCommand, changeUserRolesInput, type ChangedUser } from './user.commands';
import { UserDirectory } from './user-directory';

/** A user's new roles; taking a supplier's last admin's admin role away is refused (the staff roster decides it). */
@CommandHandler(ChangeUserRolesCommand)
export class ChangeUserRolesHandler implements ICommandHandler<ChangeUserRolesCommand, ChangedUser> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly directory: UserDirectory,
    private readonly roster: StaffRoster,
  ) {}

  async execute({ input, context }: ChangeUserRolesCommand): Promise<ChangedUser> {
    const { email, roles } = zodPipe(changeUserRolesInput).transform(input);
    const id = await this.directory.idOf(email);
    if (id === null) throw new NotFoundError(USER_NOT_FOUND);
    const { state, revision } = await this.directory.load(id);
    const next = validRoles(roles);
    const outcome = await this.roster.around(state.supplierId, id, countsAsAdmin(state), countsAsAdmin({ ...state, roles: next }), context, () =>
      this.runner.run({
        stream: userStream(id),
        decider: userDecider,
        command: { type: 'ChangeUserRoles', roles, changedBy: context.userId ?? 'system' },
        context,
        // Decided on the state the roster's decision was made on.
        expectedRevision: revision,
      }),
    );
    return { id, email, position: outcome.position };
  }
}
