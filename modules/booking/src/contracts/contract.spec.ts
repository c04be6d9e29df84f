import type { ContractEvent } from '@tbo/event-schemas';
import { ConflictError, NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { CONTRACT_MESSAGES, contractDeciderFor, contractStream, isCommission } from './contract';

const key = { supplierId: 3, agencyId: 9 };
const decider = contractDeciderFor(3, 9);
const signed = (commission: number | null = null): ContractEvent => ({ type: 'ContractSigned', data: { ...key, commission } });
const suspended: ContractEvent = { type: 'ContractSuspended', data: key };
const resumed: ContractEvent = { type: 'ContractResumed', data: key };

describe('contract decider', () => {
  it('names one stream per supplier and agency', () => {
    expect(contractStream(3, 9)).toBe('contract-s3a9');
  });

  describe('signing', () => {
    it('signs with a commission, or with none (the valid period’s applies)', () => {
      given(decider).when({ type: 'SignContract', ...key, commission: 15 }).then([signed(15)]);
      given(decider).when({ type: 'SignContract', ...key, commission: null }).then([signed(null)]);
      given(decider).when({ type: 'SignContract', ...key, commission: 12.5 }).then([signed(12.5)]);
    });

    it('takes a repeated signing with the same commission as a retry: nothing changes', () => {
      given(decider, [signed(15)]).when({ type: 'SignContract', ...key, commission: 15 }).then([]);
    });

    it('refuses signing again with another commission: that is the commission’s own command', () => {
      given(decider, [signed(15)]).when({ type: 'SignContract', ...key, commission: 20 }).thenThrows(ConflictError);
      given(decider, [signed(15)]).when({ type: 'SignContract', ...key, commission: 20 }).thenThrows(CONTRACT_MESSAGES.alreadySigned);
    });

    it('refuses a commission outside 0..100 or finer than hundredths', () => {
      for (const commission of [-1, 100.01, 12.345, Number.NaN, Number.POSITIVE_INFINITY]) {
        given(decider).when({ type: 'SignContract', ...key, commission }).thenThrows(ValidationError);
      }
      given(decider).when({ type: 'SignContract', ...key, commission: 101 }).thenThrows(CONTRACT_MESSAGES.commission);
      expect([0, 100, 0.01, 33.33, null].every(isCommission)).toBe(true);
    });
  });

  describe('commission', () => {
    it('sets a new commission, or clears it back to the period’s', () => {
      given(decider, [signed(15)]).when({ type: 'SetContractCommission', ...key, commission: 20 }).then([{ type: 'ContractCommissionSet', data: { ...key, commission: 20 } }]);
      given(decider, [signed(15)]).when({ type: 'SetContractCommission', ...key, commission: null }).then([{ type: 'ContractCommissionSet', data: { ...key, commission: null } }]);
    });

    it('changes nothing when the commission is the one it has', () => {
      given(decider, [signed(15)]).when({ type: 'SetContractCommission', ...key, commission: 15 }).then([]);
      given(decider, [signed(15), { type: 'ContractCommissionSet', data: { ...key, commission: null } }]).when({ type: 'SetContractCommission', ...key, commission: null }).then([]);
    });

    it('refuses a bad commission', () => {
      given(decider, [signed(15)]).when({ type: 'SetContractCommission', ...key, commission: 150 }).thenThrows(CONTRACT_MESSAGES.commission);
    });

    it('keeps the commission across a suspension', () => {
      const state = [signed(15), suspended, resumed].reduce(decider.evolve, decider.initialState);
      expect(state).toEqual({ signed: true, ...key, commission: 15, isSuspended: false });
    });
  });

  describe('suspending and resuming', () => {
    it('suspends an active contract and resumes a suspended one', () => {
      given(decider, [signed()]).when({ type: 'SuspendContract', ...key }).then([suspended]);
      given(decider, [signed(), suspended]).when({ type: 'ResumeContract', ...key }).then([resumed]);
    });

    it('changes nothing when it is already so', () => {
      given(decider, [signed(), suspended]).when({ type: 'SuspendContract', ...key }).then([]);
      given(decider, [signed()]).when({ type: 'ResumeContract', ...key }).then([]);
      given(decider, [signed(), suspended, resumed]).when({ type: 'ResumeContract', ...key }).then([]);
    });
  });

  it('answers not found for any change to a contract never signed (another supplier’s included)', () => {
    for (const cmd of [
      { type: 'SetContractCommission' as const, ...key, commission: 10 },
      { type: 'SuspendContract' as const, ...key },
      { type: 'ResumeContract' as const, ...key },
    ]) {
      given(decider).when(cmd).thenThrows(NotFoundError);
      given(decider).when(cmd).thenThrows(CONTRACT_MESSAGES.notFound);
    }
  });
});
