import type { StaffRosterEvent } from '@tbo/event-schemas';
import { ValidationError, type Decider } from '@tbo/kernel';

export const LAST_ADMIN = 'The last admin cannot be removed: make another user an admin first';

export type StaffRosterCommand =
  | { type: 'OpenRoster'; supplierId: number; adminIds: number[] }
  | { type: 'GrantAdmin'; supplierId: number; userId: number }
  /** `operator`: the command line's (not an admin's) change, recorded even for the last admin. */
  | { type: 'RevokeAdmin'; supplierId: number; userId: number; operator?: boolean };

export interface StaffRosterState {
  opened: boolean;
  /** The supplier's active admins, by user id. */
  admins: number[];
}

/**
 * Stream `staff-<supplierId>`: the supplier's active admins. An admin revoking the only one is refused (an operator
 * at the command line may: a supplier's access is theirs to repair); since every
 * revocation is appended with the revision it was decided on, two admins demoting each other at once cannot
 * both succeed (the second decides again on the first's result).
 */
export const staffRosterDecider: Decider<StaffRosterCommand, StaffRosterEvent, StaffRosterState> = {
  initialState: { opened: false, admins: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'StaffRosterOpened':
        return { opened: true, admins: [...new Set(event.data.adminIds)] };
      case 'SupplierAdminGranted':
        return { ...state, admins: state.admins.includes(event.data.userId) ? state.admins : [...state.admins, event.data.userId] };
      case 'SupplierAdminRevoked':
        return { ...state, admins: state.admins.filter((id) => id !== event.data.userId) };
    }
  },
  decide(cmd, state) {
    switch (cmd.type) {
      case 'OpenRoster':
        return state.opened ? [] : [{ type: 'StaffRosterOpened', data: { supplierId: cmd.supplierId, adminIds: [...new Set(cmd.adminIds)] } }];
      case 'GrantAdmin':
        if (!state.opened) throw new Error(`staff roster of supplier ${cmd.supplierId} is not opened`);
        return state.admins.includes(cmd.userId) ? [] : [{ type: 'SupplierAdminGranted', data: { supplierId: cmd.supplierId, userId: cmd.userId } }];
      case 'RevokeAdmin':
        if (!state.opened) throw new Error(`staff roster of supplier ${cmd.supplierId} is not opened`);
        if (!state.admins.includes(cmd.userId)) return [];
        if (state.admins.length <= 1 && !cmd.operator) throw new ValidationError(LAST_ADMIN, { roles: [LAST_ADMIN] });
        return [{ type: 'SupplierAdminRevoked', data: { supplierId: cmd.supplierId, userId: cmd.userId } }];
    }
  },
};

export const staffRosterStream = (supplierId: number) => `staff-${supplierId}`;
