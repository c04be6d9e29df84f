import { Inject, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../nest/tokens';
import { isRole, type AuthUser } from './roles';
import { JWT_ALGORITHM, ROLE_CLAIM, type TokenClaims } from './token-issuer';

/** Provided by the identity module: whether a token that verified is still current for its user. */
export const TOKEN_CHECK = Symbol('TOKEN_CHECK');

export interface TokenCheck {
  /** False when the token must no longer work (its password version is older than the user's). */
  isCurrent(claims: TokenClaims): Promise<boolean>;
}

/** Bearer tokens: algorithm pinned, issuer and expiry checked, then the TokenCheck when one is provided. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(TOKEN_CHECK) private readonly tokenCheck?: TokenCheck,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_SECRET,
      algorithms: [JWT_ALGORITHM],
      issuer: config.JWT_ISSUER,
      ignoreExpiration: false,
    });
  }

  async validate(claims: TokenClaims): Promise<AuthUser> {
    if (this.tokenCheck && !(await this.tokenCheck.isCurrent(claims))) throw new UnauthorizedException('Unauthorized');
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
    };
  }
}
