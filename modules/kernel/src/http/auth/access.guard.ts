import { Injectable, Logger, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ForbiddenError } from '../../errors/app-error';
import { ACCESS_KEY, type Access } from './auth.decorators';
import type { AuthUser } from './roles';

const JwtGuard = AuthGuard('jwt');

/** The global guard: public routes pass; others need a valid token and, where listed, one of the roles. */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly jwt = new JwtGuard();
  private readonly log = new Logger(AccessGuard.name);

  constructor(private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (access?.kind === 'public') return true;
    try {
      await this.jwt.canActivate(context);
    } catch {
      throw new UnauthorizedException('Unauthorized');
    }
    const user = context.switchToHttp().getRequest<{ user: AuthUser }>().user;
    if (!access) {
      this.log.error(`Route without an access rule refused: ${context.getClass().name}.${context.getHandler().name}`);
      throw new ForbiddenError();
    }
    if (access.kind === 'roles' && !access.roles.some((r) => user.roles.includes(r))) throw new ForbiddenError();
    return true;
  }
}
