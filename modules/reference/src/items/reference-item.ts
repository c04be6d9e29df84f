import { isDeepStrictEqual } from 'node:util';
import type { ReferenceItemEvent, ReferenceKind, ReferenceKinds } from '@tbo/event-schemas';
import { NotFoundError, type Decider } from '@tbo/kernel';

export interface ReferenceItemState<K extends ReferenceKind> {
  exists: boolean;
  data: ReferenceKinds[K] | null;
}

export interface SaveReferenceItem<K extends ReferenceKind> {
  /** True when the client sent id 0 and the handler took a new id. */
  isNew: boolean;
  /** Items with natural ids (countries by ISO 3166 numeric code): add when missing, else change. */
  upsert?: boolean;
  data: ReferenceKinds[K];
}

const labels: Record<ReferenceKind, string> = {
  Country: 'Country',
  City: 'City',
  Region: 'Region',
  Hotel: 'Hotel',
  TourCategory: 'Tour category',
  TicketType: 'Ticket type',
};

/** Key order does not count: stored events come back from jsonb with their keys reordered. */
const sameData = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * One decider for every kind of platform reference item (country, city, region, hotel, tour
 * category, ticket type): added whole, changed whole, nothing when nothing changed.
 */
export function referenceItemDecider<K extends ReferenceKind>(
  kind: K,
): Decider<SaveReferenceItem<K>, ReferenceItemEvent<K>, ReferenceItemState<K>> {
  const notFound = () => new NotFoundError(`${labels[kind]} not found`);
  return {
    initialState: { exists: false, data: null },
    evolve: (_state, event) => ({ exists: true, data: event.data as ReferenceKinds[K] }),
    decide(cmd, state) {
      if (!state.exists) {
        if (!cmd.isNew && !cmd.upsert) throw notFound();
        return [{ type: `${kind}Added`, data: cmd.data } as ReferenceItemEvent<K>];
      }
      if ((cmd.isNew && !cmd.upsert) || state.data?.id !== cmd.data.id) throw notFound();
      if (sameData(state.data, cmd.data)) return [];
      return [{ type: `${kind}Changed`, data: cmd.data } as ReferenceItemEvent<K>];
    },
  };
}

/** Stream categories have no dash: `tourcategory-2`, `tickettype-5`. */
export const referenceItemStream = (kind: ReferenceKind, id: number) => `${kind.toLowerCase()}-${id}`;
