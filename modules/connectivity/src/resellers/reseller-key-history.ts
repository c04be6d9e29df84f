import { recordedAs, type ResellerKeyEvent } from '@tbo/event-schemas';
import { fold, type EventStore } from '@tbo/kernel';
import { emptyResellerKeyState, resellerKeyDecider, resellerKeyStream, type ResellerKeyState } from './reseller-key';

export interface ResellerKeyHistory {
  state: ResellerKeyState;
  issuedAt: string | null;
  revokedAt: string | null;
}

/**
 * A key as its stream tells it, with when it was issued and revoked (the events' times). The stream, not the read
 * table, is what the guard asks about revocation: a revoked key is refused from the next request on.
 */
export async function resellerKeyHistory(store: EventStore, id: number): Promise<ResellerKeyHistory> {
  const events = recordedAs<ResellerKeyEvent>(await store.readStream(resellerKeyStream(id)));
  const at = (type: ResellerKeyEvent['type']) => events.find((e) => e.type === type)?.metadata.occurredAt ?? null;
  return { state: fold({ ...resellerKeyDecider, initialState: emptyResellerKeyState(id) }, events), issuedAt: at('ResellerKeyIssued'), revokedAt: at('ResellerKeyRevoked') };
}
