import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { findUserByEmail, normalizeEmail } from '@tbo/read-models';
import { AppError, ForbiddenError, KNEX, NotFoundError, ValidationError, type AuthUser, type CommandContext } from '@tbo/kernel';
import { PasswordHasher } from '../passwords/password-hasher';
import { IMPERSONATION_NOT_ALLOWED, LOG_IN_AS_SELF, mayActAs, USER_NOT_FOUND } from '../users/user';
import { ImpersonateUserCommand } from '../users/user.commands';
import { SignInThrottle } from './sign-in-throttle';
import { TokenCheckService } from './token-check.service';
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
    private readonly tokenCheck: TokenCheckService,
  ) {}

  /**
   * One answer for every failure, and the same work for it: an unknown email is verified against
   * a dummy hash, so neither the message nor the time tells whether the account exists. The
   * attempt takes its place on the throttle's counters before the password is checked, so
   * parallel guesses cannot outrun the limit.
   */
  async signIn(email: string, password: string, address: string | null): Promise<{ token: string }> {
    const normalized = normalizeEmail(email);
    const claim = await this.throttle.claim(normalized, address);
    let user: Awaited<ReturnType<typeof findUserByEmail>>;
    let ok: boolean;
    try {
      user = await findUserByEmail(this.db, normalized);
      ok = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyNobody(password);
    } catch (err) {
      // Nothing was judged (the database or argon2 failed): the attempt counts nowhere.
      await this.throttle.release(claim);
      throw err;
    }
    // A deactivated user is told what anyone with a wrong password is told; the failure keeps its place.
    if (!user || !ok || !user.active) throw new SignInFailedError();
    await this.throttle.succeeded(claim);
    return { token: this.tokens.issue(user) };
  }

  /**
   * 'Log me in' (admins): a token of another user, recorded on that user's stream as UserImpersonated; who may is the
   * user decider's rule. The token's actor (claim `act`) carries the actor's password version, so the token check can
   * end it when the actor's password changes or they may no longer act as the user.
   */
  async logMeIn(email: string, by: AuthUser, context: CommandContext): Promise<{ token: string }> {
    const user = await findUserByEmail(this.db, email);
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    // The admin behind a chain of log-me-ins stays the actor: the first one who signed in.
    const actorEmail = by.actedBy ?? by.email;
    // Back to the first admin is the account menu's 'Back to …' (their own token), not a token of them acting as themselves.
    if (actorEmail.toLowerCase() === user.email.toLowerCase()) throw new ValidationError(LOG_IN_AS_SELF);
    const actor = await this.tokenCheck.holderOf(actorEmail);
    if (!actor?.active) throw new UnauthorizedException('Unauthorized');
    // In a chain the decider judges the admin in between; the first admin must be allowed too (the token check asks the same).
    if (by.actedBy && !mayActAs(actor, user)) throw new ForbiddenError(IMPERSONATION_NOT_ALLOWED);
    await this.commands.execute(new ImpersonateUserCommand(user.id, by, context));
    return { token: this.tokens.issue(user, { email: actorEmail, passwordVersion: actor.version }) };
  }
}
