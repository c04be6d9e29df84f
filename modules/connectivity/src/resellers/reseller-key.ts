import type { ResellerKeyEvent } from '@tbo/event-schemas';
import { EntityStream, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';
import { RESELLER_KEY_LIMITS, RESELLER_KEY_MESSAGES } from './reseller-key-rules.pure';

export interface ResellerKeyState {
  id: number;
  issued: boolean;
  revoked: boolean;
  supplierId: number | null;
  agencyId: number | null;
  name: string;
  keyPrefix: string;
}

type Key = { id: number; supplierId: number; agencyId: number };

export type ResellerKeyCommand =
  | ({ type: 'IssueResellerKey'; name: string; keyHash: string; keyPrefix: string } & Key)
  | ({ type: 'RevokeResellerKey' } & Key);

export const resellerKeyNotFound = () => new NotFoundError(RESELLER_KEY_MESSAGES.notFound, 'Not found');

export const emptyResellerKeyState = (id = 0): ResellerKeyState => ({ id, issued: false, revoked: false, supplierId: null, agencyId: null, name: '', keyPrefix: '' });

/** Whether the key belongs to this supplier's contract with this agency (another's answers as not found). */
export const isKeyOf = (state: ResellerKeyState, supplierId: number, agencyId: number) => state.issued && state.supplierId === supplierId && state.agencyId === agencyId;

/**
 * A reseller's API key. Issued once on a new stream (the handler has checked the agency is contracted and made
 * the key; the decider only sees its hash); revoked for good. Revoking a revoked key changes nothing, so a
 * repeated click is harmless.
 */
export const resellerKeyDecider: Decider<ResellerKeyCommand, ResellerKeyEvent, ResellerKeyState> = {
  initialState: emptyResellerKeyState(),
  evolve(state, event) {
    switch (event.type) {
      case 'ResellerKeyIssued': {
        const { id, supplierId, agencyId, name, keyPrefix } = event.data;
        return { ...state, id, issued: true, supplierId, agencyId, name, keyPrefix };
      }
      case 'ResellerKeyRevoked':
        return { ...state, revoked: true };
    }
  },
  decide(cmd, state) {
    const key = { id: cmd.id, supplierId: cmd.supplierId, agencyId: cmd.agencyId };
    if (cmd.type === 'RevokeResellerKey') {
      if (!isKeyOf(state, cmd.supplierId, cmd.agencyId)) throw resellerKeyNotFound();
      return state.revoked ? [] : [{ type: 'ResellerKeyRevoked', data: key }];
    }
    // A key's id comes from a sequence: a stream that exists already means a bug, never a retry.
    if (state.issued) throw resellerKeyNotFound();
    const name = cmd.name.trim();
    if (!name) throw new ValidationError(RESELLER_KEY_MESSAGES.name, { name: [RESELLER_KEY_MESSAGES.name] });
    if (name.length > RESELLER_KEY_LIMITS.name) throw new ValidationError(RESELLER_KEY_MESSAGES.nameLength, { name: [RESELLER_KEY_MESSAGES.nameLength] });
    return [{ type: 'ResellerKeyIssued', data: { ...key, name, keyHash: cmd.keyHash, keyPrefix: cmd.keyPrefix } }];
  },
};

export const resellerKeyStream = (id: number) => `resellerkey-${id}`;

/** The key's stream as the module's handlers and the guard run and read it. */
export const resellerKeys = new EntityStream(resellerKeyStream, resellerKeyDecider, emptyResellerKeyState);
