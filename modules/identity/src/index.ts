export { IdentityModule } from './identity.module';
export { RegisterSupplierCommand, RegisterAgencyCommand, type RegisterSupplierInput, type RegisterAgencyInput, type RegisteredTenant } from './tenants/tenant.commands';
export { supplierDecider, agencyDecider, supplierStream, agencyStream } from './tenants/tenant';
export {
  RegisterUserCommand,
  ChangeUserRolesCommand,
  ChangePasswordCommand,
  SetPasswordCommand,
  ImpersonateUserCommand,
  type RegisterUserInput,
  type ChangeUserRolesInput,
  type ChangePasswordInput,
  type SetPasswordInput,
  type RegisteredUser,
  type ChangedUser,
  type PasswordChanged,
} from './users/user.commands';
export { userDecider, userStream, validRoles, type UserCommand, type UserState } from './users/user';
export { userEmailDecider, userEmailStream } from './users/user-email';
export { UserDirectory } from './users/user-directory';
export { TokenService } from './auth/token.service';
export { SIGN_IN_FAILED_MESSAGE } from './auth/sign-in.service';
export { checkNewPassword, isCommonPassword, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './passwords/password-policy';
export { ARGON2_OPTIONS } from './passwords/password-hasher';
export { staffRosterDecider, staffRosterStream, LAST_ADMIN } from './staff/staff-roster';
export { CANNOT_SET_OWN_PASSWORD } from './staff/staff.service';
export { STAFF_ROLES } from './staff/staff.inputs';
