import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { findUserByEmail } from '@tbo/read-models';
import { CommandRunner, IdGenerator, KNEX, ValidationError, WrongExpectedRevisionError, zodPipe } from '@tbo/kernel';
import { PasswordHasher } from '../passwords/password-hasher';
import { StaffRoster } from '../staff/staff-roster.service';
import { checkNewPassword } from '../passwords/password-policy';
import { agencyStream, supplierStream } from '../tenants/tenant';
import { userDecider, userStream, validRoles } from './user';
import { RegisterUserCommand, registerUserInput, type RegisteredUser } from './user.commands';
import { UserDirectory } from './user-directory';
import { emailTaken, userEmailDecider, userEmailStream } from './user-email';

/**
 * Registers a user: checks the input and the tenant, hashes the password, reserves the email
 * (stream `useremail-<sha1>`, the race-proof uniqueness check), then writes `user-<id>`. If that
 * last append fails, the reservation is given back.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, RegisteredUser> {
  private readonly log = new Logger(RegisterUserHandler.name);

  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly directory: UserDirectory,
    private readonly hasher: PasswordHasher,
    @Inject(KNEX) private readonly db: Knex,
    private readonly roster: StaffRoster,
  ) {}

  async execute({ input, context }: RegisterUserCommand): Promise<RegisteredUser> {
    const u = zodPipe(registerUserInput).transform(input);
    const problem = checkNewPassword(u.password);
    if (problem) throw new ValidationError(problem.message, { password: [problem.message] });
    validRoles(u.roles);
    if (u.supplierId && !(await this.directory.streamExists(supplierStream(u.supplierId)))) {
      throw new ValidationError(`Supplier ${u.supplierId} does not exist`, { supplierId: [`Supplier ${u.supplierId} does not exist`] });
    }
    if (u.agencyId && !(await this.directory.streamExists(agencyStream(u.agencyId)))) {
      throw new ValidationError(`Agency ${u.agencyId} does not exist`, { agencyId: [`Agency ${u.agencyId} does not exist`] });
    }
    // The read model answers the common case cheaply; the reservation below is what makes it certain.
    if (await findUserByEmail(this.db, u.email)) throw emailTaken(u.email);

    const passwordHash = await this.hasher.hash(u.password);
    const id = await this.ids.next('user');
    await this.reserve(u.email, id, context);
    let outcome;
    try {
      outcome = await this.runner.run({
        stream: userStream(id),
        decider: userDecider,
        command: {
          type: 'RegisterUser',
          id,
          email: u.email,
          fullName: u.fullName,
          supplierId: u.supplierId,
          agencyId: u.agencyId,
          isAgencyAdmin: u.isAgencyAdmin,
          roles: u.roles,
          passwordHash,
        },
        context,
      });
    } catch (err) {
      await this.runner
        .run({ stream: userEmailStream(u.email), decider: userEmailDecider, command: { type: 'ReleaseEmail', email: u.email, userId: id }, context })
        .catch((releaseErr: Error) => this.log.warn(`email reservation of user ${id} not released: ${releaseErr.message}`));
      throw err;
    }
    // A supplier's new admin joins its staff roster (what keeps the last admin from being removed).
    const isAdmin = !!u.supplierId && outcome.state.roles.includes('admin');
    await this.roster.around(u.supplierId, id, false, isAdmin, context, () => Promise.resolve());
    return { id, email: u.email, position: outcome.position };
  }

  private async reserve(email: string, userId: number, context: RegisterUserCommand['context']): Promise<void> {
    const { state, revision } = await this.directory.reservation(email);
    const holderRegistered = state.holder !== null && (await this.directory.load(state.holder)).state.exists;
    try {
      await this.runner.run({
        stream: userEmailStream(email),
        decider: userEmailDecider,
        command: { type: 'ReserveEmail', email, userId, at: new Date().toISOString(), holderRegistered },
        context,
        expectedRevision: revision,
      });
    } catch (err) {
      // Someone else reserved it between our read and our append.
      if (err instanceof WrongExpectedRevisionError) throw emailTaken(email);
      throw err;
    }
  }
}
