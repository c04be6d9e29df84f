import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { KNEX, lookupCache } from '@tbo/kernel';
import { listHotels, type HotelView } from '@tbo/read-models';
import { DepartureSeats, type PickUpWindow, type SlotForBooking } from '@tbo/scheduling';
import { localDateTime } from '../pure/octo-time.pure';

/**
 * Pick-up points (octo/pickups): the hotels the slot's pick-up time serves (a window of the hotel's own or of its
 * region), each with its window. Hotels and windows are names and times from read tables: lag is harmless, and
 * the booking resolves its window again when it is made.
 */
export interface OctoPickupPoint {
  id: string;
  name: string;
  directions: string | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  googlePlaceId: string | null;
  street: string | null;
  postalCode: string | null;
  locality: string | null;
  region: string | null;
  state: string | null;
  country: string | null;
  /** On an availability: when the guest is picked up there that day. */
  localDateTime?: string;
}

export interface PickupPlace {
  hotel: HotelView;
  window: PickUpWindow;
}

@Injectable()
export class OctoPickups {
  private readonly hotels = lookupCache({ max: 1, ttlMs: 60_000, load: () => listHotels(this.db) });

  constructor(
    @Inject(KNEX) private readonly db: Knex,
    private readonly seats: DepartureSeats,
  ) {}

  /** The hotels a slot picks up from, each with its window, by hotel name. */
  async places(slot: SlotForBooking): Promise<PickupPlace[]> {
    if (!slot.slotPickUpTimeId && !slot.groupPickUpTimeId) return [];
    const out: PickupPlace[] = [];
    for (const hotel of await this.hotels(0)) {
      const window = await this.seats.pickUpWindow(slot, hotel.id, hotel.regionId);
      if (window) out.push({ hotel, window });
    }
    return out;
  }

  /** Every hotel any of the slots picks up from (an option's points). */
  async placesOfAny(slots: readonly SlotForBooking[]): Promise<PickupPlace[]> {
    const byHotel = new Map<number, PickupPlace>();
    for (const slot of slots) for (const p of await this.places(slot)) if (!byHotel.has(p.hotel.id)) byHotel.set(p.hotel.id, p);
    return [...byHotel.values()].sort((a, b) => a.hotel.name.localeCompare(b.hotel.name));
  }

  /** One hotel of the reference list, or null. */
  async hotel(id: number): Promise<HotelView | null> {
    return (await this.hotels(0)).find((h) => h.id === id) ?? null;
  }
}

/** A hotel as an OCTO pick-up point; on a date, with the time the guest is picked up there. */
export function pickupPoint(hotel: HotelView, at?: { date: string; timeStart: number }): OctoPickupPoint {
  return {
    id: String(hotel.id),
    name: hotel.name,
    directions: null,
    address: [hotel.name, hotel.regionName, hotel.cityName].filter(Boolean).join(', '),
    latitude: null,
    longitude: null,
    googlePlaceId: null,
    street: null,
    postalCode: null,
    locality: hotel.cityName,
    region: hotel.regionName,
    state: null,
    country: null,
    ...(at ? { localDateTime: localDateTime(at.date, at.timeStart) } : {}),
  };
}
