import { recordedAs, type SupplierProfileEvent } from '@tbo/event-schemas';
import type { EventStore } from '@tbo/kernel';
import { emptyProfileState, supplierProfileDecider, supplierProfileStream, type CancellationOption } from './supplier-profile';

/**
 * The supplier's default cancellation policy as last saved, folded from its profile stream: a booking keeps
 * the policy in force when it was made, so it is read where it is decided. Other modules ask this query.
 */
export async function defaultCancellationPolicyOf(store: EventStore, supplierId: number): Promise<CancellationOption[]> {
  const events = recordedAs<SupplierProfileEvent>(await store.readStream(supplierProfileStream(supplierId)));
  return events.reduce(supplierProfileDecider.evolve, emptyProfileState(supplierId)).cancellationPolicy ?? [];
}
