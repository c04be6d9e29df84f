import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { offerForSale, type OfferForSale } from '@tbo/catalog';
import { PG_INT_MAX } from '@tbo/event-schemas';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { saleableOffers } from '@tbo/read-models';
import { DepartureSeats, type SlotForBooking } from '@tbo/scheduling';
import { slotKeys } from '../pure/octo-availability.pure';
import { invalidOption, invalidProduct } from '../pure/octo-problem.pure';

/** An option: an offer of the tour, as a booking would sell it, with the live slots it sells. */
export interface OctoOptionFacts {
  offer: OfferForSale;
  slots: SlotForBooking[];
  keys: ReturnType<typeof slotKeys>;
}

/** A product: one of the supplier's tours with at least one offer that sells a slot. */
export interface OctoProductFacts {
  tourId: number;
  supplierId: number;
  nameInternal: string;
  nameDisplay: string;
  /** The tour's sections as the tours read table keeps them (content only: names and texts, whose lag is harmless). */
  tour: Record<string, unknown>;
  options: OctoOptionFacts[];
}

/** An OCTO id of ours: a positive integer written as text. */
export function idOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= PG_INT_MAX ? n : null;
}

/**
 * The supplier's tours as OCTO products. Which tours and offers exist is looked up in the read tables (a lookup
 * whose lag is harmless); what each offer sells, at which prices, and its slots are read from their streams,
 * as a booking reads them. Offers without a time slot have no seats to hold and are not offered over OCTO.
 */
@Injectable()
export class OctoCatalog {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly seats: DepartureSeats,
  ) {}

  async products(supplierId: number): Promise<OctoProductFacts[]> {
    return this.load(supplierId);
  }

  /** The product, or INVALID_PRODUCT_ID (another supplier's, deleted or unknown alike). */
  async product(supplierId: number, productId: unknown): Promise<OctoProductFacts> {
    const tourId = idOf(productId);
    const found = tourId ? (await this.load(supplierId, tourId))[0] : undefined;
    if (!found) throw invalidProduct(productId);
    return found;
  }

  /** The product's option, or INVALID_OPTION_ID. */
  option(product: OctoProductFacts, optionId: unknown): OctoOptionFacts {
    const offerId = idOf(optionId);
    const found = product.options.find((o) => o.offer.offerId === offerId);
    if (!found) throw invalidOption(optionId);
    return found;
  }

  private async load(supplierId: number, tourId?: number): Promise<OctoProductFacts[]> {
    const rows = await saleableOffers(this.db, [supplierId], tourId);
    const offers = (await Promise.all(rows.filter((r) => r.details.timeSlots.length > 0).map((r) => offerForSale(this.store, r.id)))).filter(
      (o): o is OfferForSale => !!o && !o.isDeleted && o.supplierId === supplierId && o.details.timeSlots.length > 0,
    );
    if (!offers.length) return [];
    const slots = await this.seats.slots(supplierId, offers.flatMap((o) => o.details.timeSlots));
    const tours = new Map<number, { nameInternal: string; nameDisplay: string; data: Record<string, unknown> }>();
    const tourRows: { id: number; name_internal: string; name_display: string; data: Record<string, unknown> }[] = await this.db('tours')
      .select('id', 'name_internal', 'name_display', 'data')
      .whereIn('id', [...new Set(offers.map((o) => o.tourId))])
      .where({ supplier_id: supplierId, is_deleted: false });
    for (const t of tourRows) tours.set(t.id, { nameInternal: t.name_internal, nameDisplay: t.name_display, data: t.data ?? {} });

    const products = new Map<number, OctoProductFacts>();
    for (const offer of offers.sort((a, b) => a.offerId - b.offerId)) {
      const tour = tours.get(offer.tourId);
      const live = offer.details.timeSlots.map((id) => slots.get(id)).filter((s): s is SlotForBooking => !!s && !s.isDeleted);
      if (!tour || !live.length) continue;
      const product = products.get(offer.tourId) ?? { tourId: offer.tourId, supplierId, nameInternal: tour.nameInternal, nameDisplay: tour.nameDisplay, tour: tour.data, options: [] };
      product.options.push({ offer, slots: live, keys: slotKeys(live) });
      products.set(offer.tourId, product);
    }
    return [...products.values()].sort((a, b) => a.tourId - b.tourId);
  }
}
