import type { AgencyEvent, SupplierEvent } from '@tbo/event-schemas';
import { ConflictError, ValidationError, type Decider } from '@tbo/kernel';

export interface RegisterSupplier {
  id: number;
  name: string;
  city: string;
}

export interface SupplierState {
  exists: boolean;
  id: number;
  name: string;
  city: string;
}

/** A supplier is registered once; registering the same one again is a no-op (the seed relies on it). */
export const supplierDecider: Decider<RegisterSupplier, SupplierEvent, SupplierState> = {
  initialState: { exists: false, id: 0, name: '', city: '' },
  evolve(state, event) {
    return { ...state, ...event.data, exists: true };
  },
  decide(cmd, state) {
    if (!cmd.name.trim()) throw new ValidationError('Supplier name is required');
    if (state.exists) {
      if (state.name === cmd.name && state.city === cmd.city) return [];
      throw new ConflictError(`Supplier ${cmd.id} is already registered as '${state.name}'`);
    }
    return [{ type: 'SupplierRegistered', data: { id: cmd.id, name: cmd.name, city: cmd.city } }];
  },
};

export interface RegisterAgency {
  id: number;
  name: string;
}

export interface AgencyState {
  exists: boolean;
  id: number;
  name: string;
}

export const agencyDecider: Decider<RegisterAgency, AgencyEvent, AgencyState> = {
  initialState: { exists: false, id: 0, name: '' },
  evolve(state, event) {
    return { ...state, ...event.data, exists: true };
  },
  decide(cmd, state) {
    if (!cmd.name.trim()) throw new ValidationError('Agency name is required');
    if (state.exists) {
      if (state.name === cmd.name) return [];
      throw new ConflictError(`Agency ${cmd.id} is already registered as '${state.name}'`);
    }
    return [{ type: 'AgencyRegistered', data: { id: cmd.id, name: cmd.name } }];
  },
};

export const supplierStream = (id: number) => `supplier-${id}`;
export const agencyStream = (id: number) => `agency-${id}`;
