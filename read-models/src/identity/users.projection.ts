import type { AgencyEvent, SupplierEvent, UserEvent } from '@tbo/event-schemas';
import { instant, namedItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { upsertRow } from '../runner/rows';

type IdentityEvent = UserEvent | SupplierEvent | AgencyEvent;

/**
 * Users with what sign-in needs (hash, password version) and what a token carries (tenant,
 * agency name, roles), plus the suppliers and agencies they belong to. Emails are stored lower
 * case; the unique index is a last line of defence only: registration reserves the email in a
 * stream of its own first (`useremail-<sha1>`), so a duplicate never reaches this table.
 */
export const usersProjection = defineProjection<IdentityEvent>({
  name: 'users',
  version: 2,
  handles: ['SupplierRegistered', 'AgencyRegistered', 'UserRegistered', 'UserRolesChanged', 'UserPasswordChanged', 'UserDeactivated', 'UserReactivated'],
  tables: {
    users: (t) => {
      t.integer('id').primary();
      t.text('email').notNullable().unique();
      t.text('full_name').notNullable();
      t.integer('supplier_id');
      t.integer('agency_id');
      t.text('agency_name').notNullable().defaultTo('');
      t.boolean('is_agency_admin').notNullable().defaultTo(false);
      t.specificType('roles', 'text[]').notNullable();
      t.text('password_hash').notNullable();
      /** How many times the password changed (or the user was reactivated): tokens carry it (claim `pwv`); an older one is refused. */
      t.integer('password_version').notNullable().defaultTo(0);
      instant(t, 'password_changed_at');
      instant(t, 'registered_at').notNullable();
      /** False while deactivated: sign-in and the token check refuse the user. */
      t.boolean('active').notNullable().defaultTo(true);
      t.index(['supplier_id']);
      t.index(['agency_id']);
    },
    suppliers: (t) => {
      namedItemKey(t);
      t.text('city').notNullable();
    },
    agencies: (t) => {
      namedItemKey(t);
    },
  },
  async apply({ trx, table }, event) {
    const users = table('users');
    switch (event.type) {
      case 'SupplierRegistered': {
        const { id, name, city } = event.data;
        await upsertRow(trx, table('suppliers'), { id }, { name, city });
        return;
      }
      case 'AgencyRegistered': {
        const { id, name } = event.data;
        await upsertRow(trx, table('agencies'), { id }, { name });
        await trx(users).where({ agency_id: id }).update({ agency_name: name });
        return;
      }
      case 'UserRegistered': {
        const u = event.data;
        const agency = u.agencyId ? await trx(table('agencies')).select('name').where({ id: u.agencyId }).first<{ name: string } | undefined>() : undefined;
        const row = {
          email: u.email,
          full_name: u.fullName,
          supplier_id: u.supplierId,
          agency_id: u.agencyId,
          agency_name: agency?.name ?? '',
          is_agency_admin: u.isAgencyAdmin,
          roles: u.roles,
          password_hash: u.passwordHash,
          registered_at: event.metadata.occurredAt,
        };
        await upsertRow(trx, users, { id: u.id }, row);
        return;
      }
      case 'UserRolesChanged':
        await trx(users).where({ id: event.data.id }).update({ roles: event.data.roles });
        return;
      case 'UserDeactivated':
      case 'UserReactivated':
        // A reactivation counts as a password version (as the user decider does): the tokens the deactivation
        // ended stay refused. Guarded by the state it changes, so applying it twice counts once.
        await trx(users)
          .where({ id: event.data.id, active: event.type === 'UserDeactivated' })
          .update(event.type === 'UserReactivated' ? { active: true, password_version: trx.raw('password_version + 1') } : { active: false });
        return;
      case 'UserPasswordChanged':
        // A change already applied (same salted hash, same time) must not count again: a version
        // above the decider's would refuse the token just issued for the new password.
        await trx(users)
          .where({ id: event.data.id })
          .whereRaw('(password_hash, password_changed_at) IS DISTINCT FROM (?, ?::timestamptz)', [event.data.passwordHash, event.data.changedAt])
          .update({ password_hash: event.data.passwordHash, password_changed_at: event.data.changedAt, password_version: trx.raw('password_version + 1') });
        return;
    }
  },
});
