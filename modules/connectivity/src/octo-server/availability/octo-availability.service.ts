import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { ContractBook, periodCovering, unitPricesOf, type UnitPrices } from '@tbo/booking';
import type { OfferForSale } from '@tbo/catalog';
import { KNEX } from '@tbo/kernel';
import { availabilityGrid } from '@tbo/read-models';
import { DepartureSeats, isDateOffered, type SlotForBooking } from '@tbo/scheduling';
import type { ResellerCaller } from '../../resellers/reseller-caller';
import type { Capabilities } from '../octo-capabilities';
import { OctoCatalog, type OctoOptionFacts } from '../catalog/octo-catalog';
import { OctoPickups, pickupPoint } from '../catalog/octo-pickups';
import { availabilityOf, calendarDayOf, operates, type CalendarDay, type DateRules, type OctoAvailability, type SeatCount } from '../pure/octo-availability.pure';
import { bookingPricing, unitPricing, type OctoCurrency } from '../pure/octo-pricing.pure';
import { invalidUnit } from '../pure/octo-problem.pure';
import { dubaiDate, parseAvailabilityId } from '../pure/octo-time.pure';
import { seatsOfUnits, unitCountProblem, unitIdsOf, type OctoUnitId, type UnitCounts } from '../pure/octo-units.pure';
import type { AvailabilityQuery } from './octo-availability.inputs';

/** The booking rules' dates for the offer as of `now`: what decides whether a slot sells on a date. */
export const saleRulesOf = (offer: OfferForSale, now: Date): DateRules => ({ today: dubaiDate(now), isDateOffered, hasPeriod: (date: string) => !!periodCovering(offer, date) });

/** How many departure streams an availability check reads at once. */
const READS_AT_ONCE = 8;

/** What an availability answer is built from: the option, its dates and the units asked about. */
interface Asked {
  caller: ResellerCaller;
  caps: Capabilities;
  option: OctoOptionFacts;
  dates: string[];
  counts: UnitCounts | null;
  currency: OctoCurrency;
  now: Date;
}

/**
 * OCTO availability of an option: each slot's start time (or the date, for an all-day slot) on each date it
 * sells, with the seats left on its departure. The availability check reads the departures' streams, the same
 * seats the agents book (a reservation decides on the stream again); the calendar, built for long ranges, reads
 * the availability read table, whose moment of lag is harmless there.
 */
@Injectable()
export class OctoAvailabilityService {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    private readonly catalog: OctoCatalog,
    private readonly seats: DepartureSeats,
    private readonly contracts: ContractBook,
    private readonly pickups: OctoPickups,
  ) {}

  async check(caller: ResellerCaller, caps: Capabilities, q: AvailabilityQuery, now = new Date()): Promise<OctoAvailability[]> {
    const asked = await this.asked(caller, caps, q, now);
    const wanted = q.availabilityIds ? new Set(q.availabilityIds) : null;
    // A group's slots share its departure: each departure's stream is read once.
    const read = new Map<string, Promise<SeatCount>>();
    const seatsOf = (slot: SlotForBooking, date: string) => {
      const key = `${slot.groupId}:${slot.departureSlotId ?? 0}:${date}`;
      if (!read.has(key)) read.set(key, this.streamSeats(slot, date, now));
      return read.get(key)!;
    };
    const items = await this.items(asked, seatsOf);
    return wanted ? items.filter((a) => wanted.has(a.id)) : items;
  }

  async calendar(caller: ResellerCaller, caps: Capabilities, q: AvailabilityQuery, now = new Date()): Promise<CalendarDay[]> {
    const asked = await this.asked(caller, caps, q, now);
    const grid = await availabilityGrid(this.db, caller.supplierId, asked.dates[0]!, asked.dates.length);
    const index = new Map<string, SeatCount>();
    for (const row of grid) for (const d of row.days) index.set(`${row.groupId}:${row.timeSlotId ?? 0}:${d.date}`, { capacity: d.capacity, left: d.left, closed: d.closed });
    // The day's prices are added per date below; pick-up points are the check's.
    const items = await this.items({ ...asked, caps: { ...caps, pickups: false, pricing: false } }, async (slot, date) => index.get(`${slot.groupId}:${slot.departureSlotId ?? 0}:${date}`) ?? null);
    const prices = asked.caps.pricing ? await this.pricesFor(asked) : null;
    return asked.dates.map((date) => {
      const day = calendarDayOf(date, items.filter((a) => a.localDateTimeStart.startsWith(date)));
      const p = prices?.(date);
      if (!p) return day;
      return {
        ...day,
        unitPricingFrom: unitIdsOf(asked.option.offer.details).map((u) => unitPricing(p, u, asked.currency)),
        pricingFrom: [bookingPricing(p, asked.counts ?? { adults: 1, children: 0, infants: 0 }, asked.currency)],
      };
    });
  }

  /** The option and the dates asked (an availability id names its date); unknown units refused. */
  private async asked(caller: ResellerCaller, caps: Capabilities, q: AvailabilityQuery, now: Date): Promise<Asked> {
    const product = await this.catalog.product(caller.supplierId, q.productId);
    const option = this.catalog.option(product, q.optionId);
    const units = unitIdsOf(option.offer.details);
    let counts: UnitCounts | null = null;
    if (q.units) {
      counts = { adults: 0, children: 0, infants: 0 };
      for (const u of q.units) {
        if (!units.includes(u.id as OctoUnitId)) throw invalidUnit(u.id);
        counts[u.id === 'adult' ? 'adults' : u.id === 'child' ? 'children' : 'infants'] += u.quantity;
      }
    }
    const dates = q.availabilityIds
      ? [...new Set(q.availabilityIds.map((id) => parseAvailabilityId(id)?.date).filter((d): d is string => !!d))].sort()
      : q.dates;
    return { caller, caps, option, dates, counts, currency: q.currency, now };
  }

  private async items(a: Asked, seatsOf: (slot: SlotForBooking, date: string) => Promise<SeatCount | null>): Promise<OctoAvailability[]> {
    const { offer, slots, keys } = a.option;
    const rules = saleRulesOf(offer, a.now);
    const wanted = a.counts ? seatsOfUnits(a.counts) : undefined;
    // The reservation's own rule (an adult, the offer's group size), so an answer of "available" can be reserved.
    const unitsRefused = !!a.counts && unitCountProblem(offer.details, a.counts) !== null;
    const cells = a.dates.flatMap((date) => slots.filter((s) => operates(s, date, rules)).map((slot) => ({ slot, date })));
    const counted = await inBatches(cells, READS_AT_ONCE, ({ slot, date }) => seatsOf(slot, date));
    const prices = a.caps.pricing ? await this.pricesFor(a) : null;
    const out: OctoAvailability[] = [];
    for (const [i, { slot, date }] of cells.entries()) {
      const seats = counted[i];
      if (!seats) continue;
      const item = availabilityOf({ slot, keys, date, seats, now: a.now, maxUnits: offer.details.maxNumOfPeople, seatsWanted: wanted, unitsRefused }) as OctoAvailability & Record<string, unknown>;
      const p = prices?.(date);
      if (p) {
        item.unitPricing = unitIdsOf(offer.details).map((u) => unitPricing(p, u, a.currency));
        item.pricing = bookingPricing(p, a.counts ?? { adults: 1, children: 0, infants: 0 }, a.currency);
      }
      if (a.caps.pickups) {
        const places = await this.pickups.places(slot);
        Object.assign(item, { pickupAvailable: places.length > 0, pickupRequired: false, pickupPoints: places.map((pl) => pickupPoint(pl.hotel, { date, timeStart: pl.window.timeStart })) });
      }
      out.push(item);
    }
    return out.sort((x, y) => x.localDateTimeStart.localeCompare(y.localDateTimeStart) || x.id.localeCompare(y.id));
  }

  /** The unit prices on a date at the caller's commission (its contract's, else the period's). */
  private async pricesFor(a: Asked): Promise<(date: string) => UnitPrices | null> {
    const commission = (await this.contracts.contractOf(a.caller.supplierId, a.caller.agencyId))?.commission ?? null;
    return (date) => {
      const period = periodCovering(a.option.offer, date);
      return period ? unitPricesOf(period, commission) : null;
    };
  }

  private async streamSeats(slot: SlotForBooking, date: string, now: Date): Promise<SeatCount> {
    const view = await this.seats.seats({ slot, date, now });
    return { capacity: view.capacity, left: view.left, closed: view.closed };
  }
}

/** f over the items, at most `n` at a time, answers in order. */
async function inBatches<T, R>(items: readonly T[], n: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i]!);
      }
    }),
  );
  return out;
}
