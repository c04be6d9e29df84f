import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { findUserByEmail, normalizeEmail } from '@tbo/read-models';
import { AppError, KNEX, NotFoundError, type AuthUser, type CommandContext } from '@tbo/kernel';
import { PasswordHasher } from '../passwords/password-hasher';
import { USER_NOT_FOUND } from '../users/user';
import { ImpersonateUserCommand } from '../users/user.commands';
import { SignInThrottle } from './sign-in-throttle';
import { TokenService } from './token.service';

/** The spec's wording, sic (spec 01 §8), for a wrong password and an unknown email alike. */
export const SIGN_IN_FAILED_MESSAGE = 'Wrong email of password';

export class SignInFailedError extends AppError {
  constructor() {
    super(400, 'Sign in failed', SIGN_IN_FAILED_MESSAGE);
  }
}

@Injectable()
export class SignInService {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly tokens: TokenService,
    private readonly commands: CommandBus,
  ) {}

  /**
   * One answer for every failure, and the same work for it: an unknown email is verified against
   * a dummy hash, so neither the message nor the time tells whether the account exists.
   */
  async signIn(email: string, password: string, address: string | null): Promise<{ token: string }> {
    const normalized = normalizeEmail(email);
    await this.throttle.assertAllowed(normalized, address);
    const user = await findUserByEmail(this.db, normalized);
    const ok = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyNobody(password);
    // A deactivated user is told what anyone with a wrong password is told.
    if (!user || !ok || !user.active) {
      await this.throttle.recordFailure(normalized, address);
      throw new SignInFailedError();
    }
    await this.throttle.reset(normalized);
    return { token: this.tokens.issue(user) };
  }

  /** 'Log me in' (admins): a token of another user, recorded on that user's stream as UserImpersonated; who may is the user decider's rule. */
  async logMeIn(email: string, by: AuthUser, context: CommandContext): Promise<{ token: string }> {
    const user = await findUserByEmail(this.db, email);
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    await this.commands.execute(new ImpersonateUserCommand(user.id, by, context));
    // The admin behind a chain of log-me-ins stays the actor: the first one who signed in.
    return { token: this.tokens.issue(user, by.actedBy ?? by.email) };
  }
}
