import { recordedAs, type SupplierProfileEvent } from '@tbo/event-schemas';
import type { EventStore } from '@tbo/kernel';
import { emptyProfileState, profileFrom, supplierProfileDecider, supplierProfileStream, type SupplierProfile } from './supplier-profile';

/** A supplier's business profile as last saved, folded from its stream (documents print it); blank fields when never saved. */
export async function supplierProfileOf(store: EventStore, supplierId: number): Promise<SupplierProfile> {
  const events = recordedAs<SupplierProfileEvent>(await store.readStream(supplierProfileStream(supplierId)));
  return profileFrom(events.reduce(supplierProfileDecider.evolve, emptyProfileState(supplierId)));
}
