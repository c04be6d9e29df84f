import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../nest/tokens';
import { isRole, type AuthUser } from './roles';
import { JWT_ALGORITHM, ROLE_CLAIM, type TokenClaims } from './token-issuer';

/** Provided by the identity module: whether a token that verified is still current for its user. */
export const TOKEN_CHECK = Symbol('TOKEN_CHECK');

export interface TokenCheck {
  /** False when the token must no longer work: no such user, a password changed since, or a tenant or role the user no longer has. */
  isCurrent(claims: TokenClaims & { pwv: number }): Promise<boolean>;
}

/**
 * Bearer tokens: algorithm pinned, issuer checked, and an expiry and a password version required
 * (jsonwebtoken accepts a token without `exp` for ever, and only sign-in issues tokens, always
 * with both); then the TokenCheck (the identity module's).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    // Required, not optional: an app wired without the identity module must fail to start, not accept every signed token.
    @Inject(TOKEN_CHECK) private readonly tokenCheck: TokenCheck,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object made once: given the string, jsonwebtoken tries it as a PEM public key on every request
      // (throwing and catching) before making the same secret key. passport-jwt hands it on as it is; only
      // its typings say string or Buffer.
      secretOrKey: createSecretKey(Buffer.from(config.JWT_SECRET)) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      issuer: config.JWT_ISSUER,
      ignoreExpiration: false,
    });
  }

  async validate(claims: TokenClaims): Promise<AuthUser> {
    if (typeof claims.exp !== 'number' || typeof claims.pwv !== 'number' || typeof claims.sub !== 'string') throw new UnauthorizedException('Unauthorized');
    if (!(await this.tokenCheck.isCurrent({ ...claims, pwv: claims.pwv }))) throw new UnauthorizedException('Unauthorized');
    const raw = claims[ROLE_CLAIM];
    const roles = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter(isRole);
    return {
      email: claims.sub,
      fullName: claims.FullName ?? '',
      roles,
      supplierId: claims.SupplierId ?? null,
      agencyId: claims.AgencyId ?? null,
      agencyName: claims.AgencyName ?? '',
      isAgencyAdmin: claims.IsAgencyAdmin === '1',
      issuedAt: claims.iat,
      ...(typeof claims.act?.sub === 'string' ? { actedBy: claims.act.sub } : {}),
    };
  }
}
