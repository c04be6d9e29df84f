import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../nest/tokens';
import { isRole, type AuthUser } from './roles';
import { JWT_ALGORITHM, ROLE_CLAIM, type TokenClaims } from './token-issuer';

/** Bearer tokens: algorithm pinned, issuer and expiry checked. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_SECRET,
      algorithms: [JWT_ALGORITHM],
      issuer: config.JWT_ISSUER,
      ignoreExpiration: false,
    });
  }

  validate(claims: TokenClaims): AuthUser {
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
