import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Knex } from 'knex';
import { staffOf } from '@tbo/read-models';
import { CommandRunner, EVENT_STORE, KNEX, type CommandContext, type EventStore } from '@tbo/kernel';
import type { UserState } from '../users/user';
import { UserDirectory } from '../users/user-directory';
import { staffRosterDecider, staffRosterStream } from './staff-roster';

/** An admin the roster counts: a supplier's active user with the admin role. */
export const countsAsAdmin = (u: Pick<UserState, 'exists' | 'active' | 'roles' | 'supplierId'>) => u.exists && u.active && !!u.supplierId && u.roles.includes('admin');

/**
 * Keeps the supplier's staff roster (staff-roster.ts) in step with a change of one user's stream. The two
 * streams cannot be appended together, so the order makes any gap err on the safe side (the roster counting
 * fewer admins than there are, never more): a change that takes an admin away is decided on the roster first
 * (refused there for the last admin) and given back if the user's append then fails; one that makes an admin
 * is appended to the user first and granted on the roster after.
 */
@Injectable()
export class StaffRoster {
  private readonly log = new Logger(StaffRoster.name);

  constructor(
    private readonly runner: CommandRunner,
    private readonly directory: UserDirectory,
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async around<T>(supplierId: number | null, userId: number, before: boolean, after: boolean, context: CommandContext, write: () => Promise<T>): Promise<T> {
    if (!supplierId || before === after) return write();
    await this.ensureOpen(supplierId, context);
    const stream = staffRosterStream(supplierId);
    if (before) {
      // Commands without a person behind them (the command line, the seed) are the operator's.
      const operator = !context.userId || /^(system|cli):/.test(context.userId);
      await this.runner.run({ stream, decider: staffRosterDecider, command: { type: 'RevokeAdmin', supplierId, userId, operator }, context });
      try {
        return await write();
      } catch (err) {
        await this.grant(supplierId, userId, context);
        throw err;
      }
    }
    const result = await write();
    // Granted only if the user still is an admin by their stream (a demotion may have come in between).
    if (countsAsAdmin((await this.directory.load(userId)).state)) await this.grant(supplierId, userId, context);
    return result;
  }

  private async grant(supplierId: number, userId: number, context: CommandContext): Promise<void> {
    await this.runner
      .run({ stream: staffRosterStream(supplierId), decider: staffRosterDecider, command: { type: 'GrantAdmin', supplierId, userId }, context })
      .catch((err: Error) => this.log.warn(`admin ${userId} of supplier ${supplierId} not granted on the roster: ${err.message}`));
  }

  /**
   * A supplier's roster starts from its users' own streams (the read table only lists who they are). Suppliers
   * whose admins were registered before the roster existed get it at their first staff change.
   */
  private async ensureOpen(supplierId: number, context: CommandContext): Promise<void> {
    if ((await this.store.readStream(staffRosterStream(supplierId))).length > 0) return;
    // No wait for the read table: a user it does not list yet is left out, and counting too few admins only refuses more.
    const adminIds: number[] = [];
    for (const member of await staffOf(this.db, supplierId)) {
      if (countsAsAdmin((await this.directory.load(member.id)).state)) adminIds.push(member.id);
    }
    await this.runner.run({ stream: staffRosterStream(supplierId), decider: staffRosterDecider, command: { type: 'OpenRoster', supplierId, adminIds }, context });
  }
}
