import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { staffOf, waitForProjection, type StaffMember } from '@tbo/read-models';
import { CommandRunner, EVENT_STORE, KNEX, NotFoundError, ValidationError, type AuthUser, type CommandContext, type EventStore } from '@tbo/kernel';
import { TokenCheckService } from '../auth/token-check.service';
import { USER_NOT_FOUND, userDecider, userStream, type UserState } from '../users/user';
import { ChangeUserRolesCommand, RegisterUserCommand, SetPasswordCommand, type ChangedUser, type PasswordChanged, type RegisteredUser } from '../users/user.commands';
import { UserDirectory } from '../users/user-directory';
import { countsAsAdmin, StaffRoster } from './staff-roster.service';
import { staffRoles, type AddStaffInput, type StaffChanged } from './staff.inputs';

export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate yourself';
/**
 * An admin's own password is changed on the account page, which asks for the current one (and is throttled): setting
 * it here would let whoever holds the admin's session (an open browser, a log-me-in) take the account over.
 */
export const CANNOT_SET_OWN_PASSWORD = 'Change your own password on the account page: it asks for your current one';

/** 16 URL-safe characters (96 random bits): far from any common password, shown to the admin once. */
const newPassword = () => randomBytes(12).toString('base64url');

/**
 * The staff tab's changes (/admin/staff): a supplier's admin adds users to their own supplier, changes their roles,
 * deactivates and reactivates them and sets their passwords. A user of another supplier answers 404 as an unknown
 * one does. Each change waits for the users read table (sign-in and the token check read it) and tells this
 * process's token check at once, so a demoted or deactivated user's next call is refused.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
    private readonly directory: UserDirectory,
    private readonly roster: StaffRoster,
    private readonly tokens: TokenCheckService,
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  list(supplierId: number): Promise<StaffMember[]> {
    return staffOf(this.db, supplierId);
  }

  async add(supplierId: number, input: AddStaffInput, context: CommandContext): Promise<StaffChanged> {
    const roles = staffRoles(input.roles);
    const generated = input.password ? undefined : newPassword();
    const user: RegisteredUser = await this.commands.execute(
      new RegisterUserCommand({ email: input.email, fullName: input.fullName, password: input.password || generated!, roles, supplierId, agencyId: null, isAgencyAdmin: false }, context),
    );
    await this.settle(user.position);
    return { id: user.id, position: user.position, ...(generated ? { password: generated } : {}) };
  }

  async changeRoles(supplierId: number, id: number, roles: string[], context: CommandContext): Promise<StaffChanged> {
    const { state } = await this.member(supplierId, id);
    const changed: ChangedUser = await this.commands.execute(new ChangeUserRolesCommand({ email: state.email, roles: staffRoles(roles) }, context));
    await this.settle(changed.position);
    this.tokens.noteChanged(state.email);
    return { id, position: changed.position };
  }

  async setActive(supplierId: number, id: number, active: boolean, caller: AuthUser, context: CommandContext): Promise<StaffChanged> {
    const { state, revision } = await this.member(supplierId, id);
    if (!active && state.email === caller.email) throw new ValidationError(CANNOT_DEACTIVATE_SELF, { active: [CANNOT_DEACTIVATE_SELF] });
    const outcome = await this.roster.around(supplierId, id, countsAsAdmin(state), countsAsAdmin({ ...state, active }), context, () =>
      this.runner.run({
        stream: userStream(id),
        decider: userDecider,
        command: { type: active ? 'ReactivateUser' : 'DeactivateUser', by: context.userId ?? 'system' },
        context,
        expectedRevision: revision,
      }),
    );
    // Refused here at once; other processes once the read table says so (within their token-check cache time).
    if (!active) this.tokens.noteChanged(state.email, false);
    else if (outcome.position) this.tokens.noteVersion(state.email, outcome.state.passwordVersion);
    await this.settle(outcome.position);
    this.tokens.noteChanged(state.email, active);
    return { id, position: outcome.position };
  }

  async setPassword(supplierId: number, id: number, password: string | undefined, caller: AuthUser, context: CommandContext): Promise<StaffChanged> {
    const { state } = await this.member(supplierId, id);
    if (state.email === caller.email) throw new ValidationError(CANNOT_SET_OWN_PASSWORD, { password: [CANNOT_SET_OWN_PASSWORD] });
    const generated = password ? undefined : newPassword();
    const changed: PasswordChanged = await this.commands.execute(new SetPasswordCommand({ email: state.email, password: password || generated! }, context));
    return { id, position: changed.position, ...(generated ? { password: generated } : {}) };
  }

  /** The user from their stream, if they are this supplier's; anyone else's answers as unknown. */
  private async member(supplierId: number, id: number): Promise<{ state: UserState; revision: number | null }> {
    const loaded = await this.directory.load(id);
    if (!loaded.state.exists || loaded.state.supplierId !== supplierId) throw new NotFoundError(USER_NOT_FOUND);
    return loaded;
  }

  private async settle(position: string | null): Promise<void> {
    if (position) await waitForProjection(this.db, this.store, 'users', position, 5_000);
  }
}
