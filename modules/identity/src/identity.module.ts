import { Module } from '@nestjs/common';
import { TOKEN_CHECK } from '@tbo/kernel';
import { AuthController } from './auth/auth.controller';
import { SignInThrottle } from './auth/sign-in-throttle';
import { SignInService } from './auth/sign-in.service';
import { TokenCheckService } from './auth/token-check.service';
import { TokenService } from './auth/token.service';
import { IDENTITY_CONFIG, loadIdentityConfig } from './identity.config';
import { PasswordHasher } from './passwords/password-hasher';
import { RegisterAgencyHandler, RegisterSupplierHandler } from './tenants/register-tenant.handler';
import { ChangePasswordHandler, SetPasswordHandler } from './users/change-password.handler';
import { ChangeUserRolesHandler } from './users/change-user-roles.handler';
import { ImpersonateUserHandler } from './users/impersonate-user.handler';
import { RegisterUserHandler } from './users/register-user.handler';
import { UserDirectory } from './users/user-directory';
import { StaffController } from './staff/staff.controller';
import { ActivityController } from './staff/activity.controller';
import { StaffRoster } from './staff/staff-roster.service';
import { StaffService } from './staff/staff.service';

/**
 * Users, roles and tenancy (suppliers, agencies), sign-in, tokens, log-me-in and the supplier's staff. Provides the
 * kernel's TOKEN_CHECK, so an app that imports this module refuses tokens issued before a
 * password change.
 */
@Module({
  controllers: [AuthController, StaffController, ActivityController],
  providers: [
    { provide: IDENTITY_CONFIG, useFactory: () => loadIdentityConfig() },
    PasswordHasher,
    TokenService,
    TokenCheckService,
    { provide: TOKEN_CHECK, useExisting: TokenCheckService },
    SignInThrottle,
    SignInService,
    UserDirectory,
    RegisterSupplierHandler,
    RegisterAgencyHandler,
    RegisterUserHandler,
    ChangeUserRolesHandler,
    ChangePasswordHandler,
    SetPasswordHandler,
    ImpersonateUserHandler,
    StaffRoster,
    StaffService,
  ],
  exports: [TOKEN_CHECK, TokenCheckService, TokenService, UserDirectory],
})
export class IdentityModule {}
