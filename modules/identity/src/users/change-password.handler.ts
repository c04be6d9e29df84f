import { Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normalizeEmail, waitForProjection } from '@tbo/read-models';
import { CommandHandlerBase, NotFoundError, ValidationError, zodPipe, type CommandContext } from '@tbo/kernel';
import { SignInThrottle } from '../auth/sign-in-throttle';
import { TokenCheckService } from '../auth/token-check.service';
import { PasswordHasher } from '../passwords/password-hasher';
import { checkNewPassword, PASSWORD_MESSAGES } from '../passwords/password-policy';
import { USER_NOT_FOUND, userDecider, userStream } from './user';
import { ChangePasswordCommand, changePasswordInput, SetPasswordCommand, setPasswordInput, type PasswordChanged } from './user.commands';
import { UserDirectory } from './user-directory';

const invalid = (p: { field: string; message: string }) => new ValidationError(p.message, { [p.field]: [p.message] });

/** What both ways of changing a password share: append, tell the token check, wait for the read model. */
@Injectable()
abstract class PasswordWriter extends CommandHandlerBase {
  constructor(
    protected readonly directory: UserDirectory,
    protected readonly hasher: PasswordHasher,
    protected readonly tokens: TokenCheckService,
  ) {
    super();
  }

  protected async write(email: string, id: number, password: string, context: CommandContext, expectedRevision?: number | null): Promise<PasswordChanged> {
    const passwordHash = await this.hasher.hash(password);
    const outcome = await this.runner.run({
      stream: userStream(id),
      decider: userDecider,
      command: { type: 'ChangeUserPassword', passwordHash, changedAt: new Date().toISOString() },
      context,
      expectedRevision,
    });
    // Tokens issued before now stop working in this process at once (others: TokenCheckService).
    this.tokens.noteVersion(email, outcome.state.passwordVersion);
    // Signing in with the new password reads the read model: let it catch up before answering
    // (longer than a query's 2 s: a password change is rare, and signing in right after it is not).
    if (outcome.position) await waitForProjection(this.db, this.store, 'users', outcome.position, 5_000);
    return { id, email, position: outcome.position, passwordVersion: outcome.state.passwordVersion };
  }
}

/**
 * PUT api/auth/changepassword: the new password's rules first (cheap), then the current
 * password (argon2). A wrong current password counts as a failed sign-in of the account from the
 * caller's address, so the form cannot be used to guess it faster than the sign-in page allows.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler extends PasswordWriter implements ICommandHandler<ChangePasswordCommand, PasswordChanged> {
  constructor(directory: UserDirectory, hasher: PasswordHasher, tokens: TokenCheckService, private readonly throttle: SignInThrottle) {
    super(directory, hasher, tokens);
  }

  async execute({ email: who, input, context, address }: ChangePasswordCommand): Promise<PasswordChanged> {
    const body = zodPipe(changePasswordInput).transform(input);
    const problem = checkNewPassword(body.password, body.passwordRepeat);
    if (problem) throw invalid(problem);
    const email = normalizeEmail(who);
    const id = await this.directory.idOf(email);
    if (id === null) throw new NotFoundError(USER_NOT_FOUND);
    // The attempt takes its place before the check (as sign-in's do), so parallel guesses cannot outrun the limit.
    const claim = await this.throttle.claim(email, address);
    let right: boolean;
    let loaded: Awaited<ReturnType<UserDirectory['load']>>;
    try {
      loaded = await this.directory.load(id);
      right = await this.hasher.verify(loaded.state.passwordHash, body.currentPassword);
    } catch (err) {
      await this.throttle.release(claim);
      throw err;
    }
    if (!right) throw invalid({ field: 'currentPassword', message: PASSWORD_MESSAGES.wrongCurrent });
    await this.throttle.succeeded(claim);
    const { revision } = loaded;
    // Decided on the state the current password was checked against: a change in between answers 409.
    return this.write(email, id, body.password, context, revision);
  }
}

/** `npm run users -- password`: an operator sets a password; the same rules apply, and older tokens stop working too. */
@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler extends PasswordWriter implements ICommandHandler<SetPasswordCommand, PasswordChanged> {
  async execute({ input, context }: SetPasswordCommand): Promise<PasswordChanged> {
    const { email, password } = zodPipe(setPasswordInput).transform(input);
    const problem = checkNewPassword(password);
    if (problem) throw invalid(problem);
    const id = await this.directory.idOf(email);
    if (id === null) throw new NotFoundError(USER_NOT_FOUND);
    return this.write(email, id, password, context);
  }
}
