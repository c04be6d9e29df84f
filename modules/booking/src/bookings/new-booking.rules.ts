import type { BookingCreatedData } from '@tbo/event-schemas';
import type { OfferForSale } from '@tbo/catalog';
import { NotFoundError, ValidationError } from '@tbo/kernel';
import { addDays, advanceFromMinute, isDateOffered, SLOT_TYPE, TIME_TYPE, type PickUpWindow, type SlotForBooking } from '@tbo/scheduling';
import { aedMatchesUsd, bookingTotals, seatsOf, unitPricesOf, unpricedCounts, usdToAed, type UnitPrices } from '../pure/booking-money.pure';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import { BOOKING_STATUS } from '../pure/booking-status.pure';

/*
 * The rules of a new booking (and of a change of date, slot or counts), decided on facts the handler read
 * from their streams: the offer and its periods (catalog), the slot (scheduling), the contract (whose
 * commission replaces the period's). Pure given those facts, so the decider specs cover every message.
 */

const DUBAI_OFFSET_MS = 4 * 3_600_000;
/** When an On Request booking's slot sets no cut-off response time, operations have a day to answer. */
export const DEFAULT_RESPONSE_HOURS = 24;

export interface ScheduleInput {
  date: string;
  timeSlotId: number | null;
  adults: number;
  children: number;
  infants: number;
  foc: number;
}

export interface ScheduleFacts {
  now: Date;
  /** Today in Dubai. Agents book from tomorrow (spec 02 §5); the seed books the past through its own clock. */
  today: string;
  offer: OfferForSale;
  slot: SlotForBooking | null;
  /** The contract's commission; null: the period's. */
  contractCommission: number | null;
  /** A change of a booking: what it holds now, and the unit prices it was sold at. */
  current?: { date: string; timeSlotId: number | null; seats: number; adults: number; children: number; prices: UnitPrices };
}

export interface Schedule {
  date: string;
  timeSlotId: number | null;
  timeSlotName: string | null;
  startTime: number | null;
  endTime: number | null;
  startsAt: string;
  adults: number;
  children: number;
  infants: number;
  foc: number;
  seats: number;
  departure: { groupId: number; timeSlotId: number | null; date: string } | null;
  prices: UnitPrices;
  totals: ReturnType<typeof bookingTotals>;
  status: 0 | 1;
  responseDueAt: string | null;
}

type Problems = Record<string, string[]>;
const add = (p: Problems, field: string, message: string) => (p[field] ??= []).push(message);

function refuse(p: Problems): never {
  const first = Object.values(p)[0]![0]!;
  throw new ValidationError(first, p);
}

/** Dubai wall time on a business date → the instant. */
export function dubaiInstant(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + minutes * 60_000 - DUBAI_OFFSET_MS);
}

/**
 * The period whose span holds the date: periods start and end at noon Dubai, and the date's noon is compared,
 * start included and end excluded, so of two back-to-back periods the shared day is the next one's (the catalog
 * refuses overlapping periods, so at most one matches). A last day no period starts on is its ending period's:
 * the editor and the Tickets tab show a period as 'from – to' both included, and that day is sold at its prices.
 */
export function periodOf<P extends { periodStart: string; periodEnd: string }>(periods: readonly P[], date: string): P | null {
  const noon = dubaiInstant(date, 12 * 60).getTime();
  const running = periods.find((p) => Date.parse(p.periodStart) <= noon && noon < Date.parse(p.periodEnd));
  return running ?? periods.find((p) => dubaiDateOf(Date.parse(p.periodEnd)) === date) ?? null;
}

export const periodCovering = (offer: OfferForSale, date: string) => periodOf(offer.validPeriods, date);

/** The Dubai date (YYYY-MM-DD) of an instant, NaN-safe. */
const dubaiDateOf = (t: number): string | null => (Number.isNaN(t) ? null : new Date(t + DUBAI_OFFSET_MS).toISOString().slice(0, 10));

/** More adults or children than the booking has, of a kind its own prices leave at 0 (with no trip price). */
function addsZeroPriced(c: NonNullable<ScheduleFacts['current']>, input: ScheduleInput): boolean {
  const p = c.prices;
  if (p.tripRecUsd > 0 || p.tripRecAed > 0) return false;
  const zero = (usd: number, aed: number) => usd === 0 && aed === 0;
  return (input.adults > c.adults && zero(p.adultRecUsd, p.adultRecAed)) || (input.children > c.children && zero(p.childRecUsd, p.childRecAed));
}

/**
 * Date, slot and counts: what they cost, whether the offer and the slot sell them, and whether the booking
 * is Pending (On Request slot or offer). Seats left and closed dates are the departure's to decide.
 */
export function decideSchedule(input: ScheduleInput, facts: ScheduleFacts): Schedule {
  const p: Problems = {};
  const d = facts.offer.details;
  // Fewer guests (or as many) on the same departure, from today on, sells nothing: operations may make that change
  // on the day itself or after the booking closed, instead of cancelling the whole booking with its penalty.
  const c = facts.current;
  const sameDate = !!c && input.date === c.date;
  const shrinks = sameDate && input.timeSlotId === c!.timeSlotId && seatsOf(input) <= c!.seats && input.date >= facts.today;
  // A deleted ticket sells nothing more: its bookings may still lose guests, or keep them, on their own date.
  if (c && facts.offer.isDeleted && !shrinks) refuse({ date: [BOOKING_MESSAGES.offerWithdrawn] });
  if (!input.date) add(p, 'date', BOOKING_MESSAGES.date);
  else if (input.date < addDays(facts.today, 1) && !shrinks) add(p, 'date', BOOKING_MESSAGES.dateBeforeTomorrow);
  if (!Number.isInteger(input.adults) || input.adults < 1) add(p, 'adults', BOOKING_MESSAGES.adults);
  if (input.children > 0 && !d.childrenAllowed) add(p, 'children', BOOKING_MESSAGES.childrenNotAllowed);
  if (input.infants > 0 && !d.infantsAllowed) add(p, 'infants', BOOKING_MESSAGES.infantsNotAllowed);
  const people = input.adults + input.children + input.foc;
  if (input.adults >= 1) {
    if (people < d.minNumOfPeople) add(p, 'adults', BOOKING_MESSAGES.minPeople(d.minNumOfPeople));
    // Taking guests off sells no place: a maximum, days offered or periods changed since do not stop it.
    if (people > d.maxNumOfPeople && !shrinks) add(p, 'adults', BOOKING_MESSAGES.maxPeople(d.maxNumOfPeople));
  }
  const slot = facts.slot;
  if (d.timeSlots.length > 0) {
    if (input.timeSlotId === null) add(p, 'timeSlotId', BOOKING_MESSAGES.timeSlot);
    // Its own slot, taken off the ticket or deleted since, still lets guests be taken off.
    else if (!slot || (!shrinks && (slot.isDeleted || !d.timeSlots.includes(input.timeSlotId)))) add(p, 'timeSlotId', BOOKING_MESSAGES.timeSlotNotOffered);
    else if (input.date && !shrinks && !isDateOffered(slot.daysOffered, input.date)) add(p, 'date', BOOKING_MESSAGES.dayNotOffered);
  } else if (input.timeSlotId !== null) add(p, 'timeSlotId', BOOKING_MESSAGES.timeSlotNotOffered);
  // On its own date a booking keeps the prices it was sold at (the panel's estimate is the same sum): a price
  // change in the catalog since is a new sale's, not a reason to charge the guests already booked more. Only guests
  // of a kind those prices leave at 0 are a sale at the date's period (they were unpriced, or free, then).
  const own = sameDate && !addsZeroPriced(c!, input) ? c!.prices : null;
  const period = input.date && !own ? periodCovering(facts.offer, input.date) : null;
  if (input.date && !period && !p.date && !own) add(p, 'date', BOOKING_MESSAGES.noPeriod);
  if (period) for (const [field, messages] of Object.entries(unpricedCounts(period, input))) for (const m of messages) add(p, field, m);
  if (Object.keys(p).length) refuse(p);

  const sold = d.timeSlots.length > 0 ? slot! : null;
  const timed = sold && sold.timeType === TIME_TYPE.fixed;
  const startTime = timed ? sold.startTime : null;
  const endTime = timed ? sold.endTime : null;
  const startsAt = dubaiInstant(input.date, startTime ?? 0);
  if (sold && !shrinks) {
    const closesAt = dubaiInstant(input.date, advanceFromMinute(sold)).getTime() - sold.minimumAdvancedBooking * 3_600_000;
    if (facts.now.getTime() > closesAt) refuse({ date: [BOOKING_MESSAGES.minimumAdvance(sold.minimumAdvancedBooking)] });
  }
  const onRequest = d.bookingType === 0 || sold?.type === SLOT_TYPE.onRequest;
  const prices = own ?? unitPricesOf(period!, facts.contractCommission);
  // 0 is no cut-off too (slots saved before it was kept as none would make every booking overdue at once).
  const responseHours = sold?.cutOffResponseTime || DEFAULT_RESPONSE_HOURS;
  // An answer is no use once the tour has started: while the start is ahead, the booking is due by then at the latest
  // (operations see it in red before the guests wait at the pick-up, not after).
  const answerBy = facts.now.getTime() + responseHours * 3_600_000;
  const dueBy = startsAt.getTime() > facts.now.getTime() ? Math.min(answerBy, startsAt.getTime()) : answerBy;
  return {
    date: input.date,
    timeSlotId: sold?.timeSlotId ?? null,
    timeSlotName: sold?.name ?? null,
    startTime,
    endTime,
    startsAt: startsAt.toISOString(),
    adults: input.adults,
    children: input.children,
    infants: input.infants,
    foc: input.foc,
    seats: seatsOf(input),
    departure: sold ? { groupId: sold.groupId, timeSlotId: sold.departureSlotId, date: input.date } : null,
    prices,
    totals: bookingTotals(prices, input),
    status: onRequest ? BOOKING_STATUS.pending : BOOKING_STATUS.normal,
    responseDueAt: onRequest ? new Date(dueBy).toISOString() : null,
  };
}

export interface NewBookingInput extends ScheduleInput {
  tourId: number;
  offerId: number;
  hotelId: number | null;
  customHotelName: string | null;
  guestName: string;
  roomNumber: string;
  phones: string[];
  paid: number;
  paidOrig: number | null;
  collect: number;
  collectOrig: number | null;
  voucherNumber: string;
  notes: string;
  arrivalId: number | null;
  groupId: number | null;
  groupInfoId: number | null;
}

export interface Booker {
  supplierId: number;
  agencyId: number | null;
  agentId: number | null;
  staffAgentId: number | null;
  channel: 'backoffice' | 'octo';
}

export interface NewBookingFacts extends ScheduleFacts {
  booker: Booker;
  hotel: { id: number; name: string; regionId: number | null; regionName: string } | null;
  pickUp: PickUpWindow | null;
  /** The supplier's default policy, used when neither the offer nor the tour has one of its own. */
  supplierPolicy: { hours: number; percents: number }[];
  /** An OCTO reseller's booking: its reference and the key it was made with. */
  reseller?: { keyId: number; resellerReference: string | null } | null;
}

/** The whole BookingCreated of a new booking, but its id and seat claim (the handler's). */
export function decideNewBooking(input: NewBookingInput, facts: NewBookingFacts): Omit<BookingCreatedData, 'id' | 'claimId'> {
  const p: Problems = {};
  if (!input.guestName.trim()) add(p, 'guestName', BOOKING_MESSAGES.guestName);
  if (!facts.hotel && !input.customHotelName?.trim()) add(p, 'hotelId', BOOKING_MESSAGES.hotel);
  for (const field of ['paid', 'collect', 'paidOrig', 'collectOrig'] as const) {
    const v = input[field];
    if (v !== null && (!Number.isFinite(v) || v < 0)) add(p, field, BOOKING_MESSAGES.paymentNegative);
  }
  // Free places are the supplier's to give (its staff's bookings, or a change by operations); an agency's are sold.
  if (input.foc > 0 && facts.booker.agencyId !== null) add(p, 'foc', BOOKING_MESSAGES.focSupplierOnly);
  if (facts.offer.tourId !== input.tourId || facts.offer.isDeleted) throw new NotFoundError(BOOKING_MESSAGES.notContracted, 'Not found');
  let schedule: Schedule | null = null;
  try {
    schedule = decideSchedule(input, facts);
  } catch (e) {
    if (!(e instanceof ValidationError) || !e.details) throw e;
    for (const [field, messages] of Object.entries(e.details)) for (const m of messages) add(p, field, m);
  }
  const linkRate = schedule?.prices.convRate;
  // The AED originals are what the guest paid or will pay in dirhams: printed on the invoice beside the USD, so
  // they must be the same amounts (the form links them; another client could send anything).
  if (linkRate) {
    for (const [usd, aed] of [['paid', 'paidOrig'], ['collect', 'collectOrig']] as const) {
      const v = input[aed];
      if (v !== null && !p[aed] && !p[usd] && !aedMatchesUsd(v, input[usd], linkRate)) add(p, aed, BOOKING_MESSAGES.paymentNotLinked);
    }
  }
  if (Object.keys(p).length || !schedule) refuse(p);
  const policy = facts.offer.cancellationPolicy;
  const rate = schedule.prices.convRate;
  const d = facts.offer.details;
  return {
    supplierId: facts.offer.supplierId,
    agencyId: facts.booker.agencyId,
    agentId: facts.booker.agentId,
    staffAgentId: facts.booker.staffAgentId,
    channel: facts.booker.channel,
    tourId: facts.offer.tourId,
    tourName: facts.offer.tourName,
    offerId: facts.offer.offerId,
    offerName: d.nameDisplay,
    ...schedule,
    hotelId: facts.hotel?.id ?? null,
    customHotelName: facts.hotel ? null : input.customHotelName!.trim(),
    hotelName: facts.hotel?.name ?? input.customHotelName!.trim(),
    regionId: facts.hotel?.regionId ?? null,
    regionName: facts.hotel?.regionName ?? '',
    pickUpTimeStart: facts.pickUp?.timeStart ?? null,
    pickUpTimeEnd: facts.pickUp?.timeEnd ?? null,
    guestName: input.guestName.trim(),
    roomNumber: input.roomNumber.trim(),
    phones: input.phones.map((x) => x.trim()).filter(Boolean),
    paid: input.paid,
    paidOrig: input.paidOrig ?? usdToAed(input.paid, rate),
    paidTo: facts.booker.agencyId ? 'agency' : 'supplier',
    collect: input.collect,
    collectOrig: input.collectOrig ?? usdToAed(input.collect, rate),
    collectTo: d.allowDirectCollection || !facts.booker.agencyId ? 'supplier' : 'agency',
    voucher: input.voucherNumber.trim(),
    notes: input.notes.trim(),
    arrivalId: input.arrivalId,
    arrivalGroupId: input.groupId,
    groupInfoId: input.groupInfoId,
    cancellationPolicy: policy.source === 'supplier' ? facts.supplierPolicy : policy.tiers,
    cancellationPolicySource: policy.source,
    ticketsRequired: d.isTicketsRequired,
    ...(facts.reseller ? { resellerReference: facts.reseller.resellerReference, resellerKeyId: facts.reseller.keyId } : {}),
  };
}
