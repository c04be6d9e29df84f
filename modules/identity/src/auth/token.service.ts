import { Inject, Injectable } from '@nestjs/common';
import type { UserView } from '@tbo/read-models';
import { APP_CONFIG, isRole, issueToken, type AppConfig, type AuthUser } from '@tbo/kernel';

/** Tokens with the spec's claims (spec 01 §3 auth user) and the user's password version (`pwv`). */
@Injectable()
export class TokenService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * `actor`: a 'log me in' token's admin (claim `act`: `sub`, their email, and `pwv`, their password
   * version), so what they do as the user is recorded with both, and the token check ends the token
   * when the admin's password changes.
   */
  issue(user: UserView, actor?: { email: string; passwordVersion: number }): string {
    return issueToken(toAuthUser(user), {
      secret: this.config.JWT_SECRET,
      issuer: this.config.JWT_ISSUER,
      ttlSeconds: this.config.JWT_TTL_SECONDS,
      passwordVersion: user.passwordVersion,
      ...(actor ? { actor } : {}),
    });
  }
}

export function toAuthUser(user: UserView): Omit<AuthUser, 'issuedAt'> {
  return {
    email: user.email,
    fullName: user.fullName,
    roles: user.roles.filter(isRole),
    supplierId: user.supplierId,
    agencyId: user.agencyId,
    agencyName: user.agencyName,
    isAgencyAdmin: user.isAgencyAdmin,
  };
}
