import type { ContractEvent } from '@tbo/event-schemas';
import { ConflictError, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';
import { CONTRACT_MESSAGES, isCommission } from './contract-rules.pure';

export { CONTRACT_MESSAGES, isCommission };

export const contractNotFound = () => new NotFoundError(CONTRACT_MESSAGES.notFound, 'Not found');

export interface ContractState {
  signed: boolean;
  supplierId: number;
  agencyId: number;
  /** Percent replacing the valid period's commission for the agency's new bookings; null keeps the period's. */
  commission: number | null;
  isSuspended: boolean;
}

type Key = { supplierId: number; agencyId: number };

export type ContractCommand =
  | ({ type: 'SignContract'; commission: number | null } & Key)
  | ({ type: 'SetContractCommission'; commission: number | null } & Key)
  | ({ type: 'SuspendContract' } & Key)
  | ({ type: 'ResumeContract' } & Key);

export const emptyContractState = (supplierId = 0, agencyId = 0): ContractState => ({ signed: false, supplierId, agencyId, commission: null, isSuspended: false });

function checkCommission(value: number | null): void {
  if (!isCommission(value)) throw new ValidationError(CONTRACT_MESSAGES.commission, { commission: [CONTRACT_MESSAGES.commission] });
}

/**
 * A supplier's contract with one agency. Signed once; a repeated signing with the same commission is a retry and
 * changes nothing, with another commission it is a mistake (the commission has its own command). Suspending a
 * suspended contract, resuming an active one or setting the commission it already has changes nothing.
 */
export const contractDecider: Decider<ContractCommand, ContractEvent, ContractState> = {
  initialState: emptyContractState(),
  evolve(state, event) {
    const s = { ...state, supplierId: event.data.supplierId, agencyId: event.data.agencyId };
    switch (event.type) {
      case 'ContractSigned':
        return { ...s, signed: true, commission: event.data.commission, isSuspended: false };
      case 'ContractCommissionSet':
        return { ...s, commission: event.data.commission };
      case 'ContractSuspended':
        return { ...s, isSuspended: true };
      case 'ContractResumed':
        return { ...s, isSuspended: false };
    }
  },
  decide(cmd, state) {
    const key = { supplierId: cmd.supplierId, agencyId: cmd.agencyId };
    if (cmd.type === 'SignContract') {
      checkCommission(cmd.commission);
      if (!state.signed) return [{ type: 'ContractSigned', data: { ...key, commission: cmd.commission } }];
      if (state.commission === cmd.commission) return [];
      throw new ConflictError(CONTRACT_MESSAGES.alreadySigned);
    }
    if (!state.signed) throw contractNotFound();
    switch (cmd.type) {
      case 'SetContractCommission':
        checkCommission(cmd.commission);
        return state.commission === cmd.commission ? [] : [{ type: 'ContractCommissionSet', data: { ...key, commission: cmd.commission } }];
      case 'SuspendContract':
        return state.isSuspended ? [] : [{ type: 'ContractSuspended', data: key }];
      case 'ResumeContract':
        return state.isSuspended ? [{ type: 'ContractResumed', data: key }] : [];
    }
  },
};

/** Module-private: the booking decision and the contract handlers read the contract through this name only. */
export const contractStream = (supplierId: number, agencyId: number) => `contract-s${supplierId}a${agencyId}`;

export const contractDeciderFor = (supplierId: number, agencyId: number): Decider<ContractCommand, ContractEvent, ContractState> => ({
  ...contractDecider,
  initialState: emptyContractState(supplierId, agencyId),
});
