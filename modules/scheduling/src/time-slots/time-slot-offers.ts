import type { Knex } from 'knex';
import { offersOfTimeSlots } from '@tbo/read-models';
import type { TimeSlot } from './time-slot.views';

/** The offers that sell each slot are the catalog's, not the group stream's: read from the offers read model. */
export async function withSlotOffers<T extends TimeSlot>(db: Knex, supplierId: number, slots: T[]): Promise<T[]> {
  const offers = await offersOfTimeSlots(
    db,
    supplierId,
    slots.map((s) => s.id),
  );
  return slots.map((s) => ({ ...s, offers: offers.get(s.id) ?? [] }));
}
