import { Body, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ApiController, commandContextFrom, CurrentUser, GetRoute, PostRoute, PutRoute, zodPipe, type AuthUser } from '@tbo/kernel';
import { ChangePasswordCommand, changePasswordInput, type ChangePasswordInput } from '../users/user.commands';
import { logMeInQuery, signInInput, type LogMeInQuery, type SignInInput } from './auth.inputs';
import { SignInThrottledError } from './sign-in-throttle';
import { SignInService } from './sign-in.service';

/** The auth calls of spec 01 §7. */
@ApiController('auth', 'api/auth')
export class AuthController {
  constructor(
    private readonly signIns: SignInService,
    private readonly commands: CommandBus,
  ) {}

  @PostRoute('signin', 'public', 'Email and password → Content.token; throttled per account and per address (429)')
  async signIn(@Body(zodPipe(signInInput)) body: SignInInput, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ token: string }> {
    try {
      return await this.signIns.signIn(body.email, body.password, req.ip ?? null);
    } catch (err) {
      if (err instanceof SignInThrottledError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }

  @GetRoute('logmein', ['admin', 'superadmin'], "Admins: a token of a user of their own supplier or agency ('log me in'; superadmins: of anyone), recorded as UserImpersonated")
  logMeIn(@Query(zodPipe(logMeInQuery)) q: LogMeInQuery, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<{ token: string }> {
    return this.signIns.logMeIn(q.email, user, commandContextFrom(req, user));
  }

  @PutRoute('changepassword', 'signed-in', "The caller's new password; tokens issued before it stop working (sign in again)")
  async changePassword(@Body(zodPipe(changePasswordInput)) body: ChangePasswordInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<null> {
    await this.commands.execute(new ChangePasswordCommand(user.email, body, commandContextFrom(req, user), req.ip ?? null));
    return null;
  }
}
