import { aedToUsd, agencyReceivableAed, BOOKING_CONV_RATE, bookingTotals, seatsOf, usdToAed, type BookingTotals, type UnitPrices } from '@tbo/booking/src/pure/booking-money.pure';
import { BOOKING_LIMITS } from '@tbo/booking/src/pure/booking-rules.pure';
import { addDays, dateSeries, dubaiToday, isoWeekday } from '@tbo/scheduling/src/departures/business-date.pure';
import { isDateOffered } from '@tbo/scheduling/src/pure/days-offered.pure';
import type { NewBookingPayload } from './api/create-booking';
import type { NewBookingHotel, NewBookingOffer, NewBookingSlot, NewBookingTour, OfferPrice } from './api/new-booking.schema';

/**
 * The add-booking form (spec 02 §3 New agent booking, §4 Add booking flow, §5 booking model and form rules, §9):
 * its values, what the agent may choose at each step, the automatic choices and resets, when Save is allowed, the
 * linked USD/AED amounts and the payload. Pure, unit-tested in booking-form.logic.spec.ts.
 */

export interface PhoneRow {
  value: string;
}

export interface HotelChoice {
  value: number;
  label: string;
}

export interface BookingForm {
  hotel: HotelChoice | null;
  /** YYYY-MM-DD, a Dubai business date. */
  date: string;
  tourId: number | null;
  offerId: number | null;
  timeSlotId: number | null;
  adults: number;
  children: number;
  infants: number;
  /** Set by choosing an in-house guest; cleared with the choice. */
  arrivalId: number | null;
  groupId: number | null;
  groupInfoId: number | null;
  guestName: string;
  roomNumber: string;
  phones: PhoneRow[];
  /** USD. */
  paid: number | null;
  /** AED. */
  paidOrig: number | null;
  collect: number | null;
  collectOrig: number | null;
  voucherNumber: string;
  notes: string;
}

/** The ten dates of the carousel: from tomorrow in Dubai (spec 02 §5: never before tomorrow; §9: 10 days). */
export function carouselDates(now: Date = new Date()): string[] {
  return dateSeries(addDays(dubaiToday(now), 1), BOOKING_LIMITS.carouselDays);
}

/**
 * The carousel is a radio group: one Tab stop, arrows (and Home, End) move to and choose another date, as a
 * screen reader announcing 'radio 1 of 10' promises. The index the key leads to; null for other keys.
 */
export function carouselKeyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** ISO weekday 1 (Monday) … 7 (Sunday) of a carousel date. */
export const weekdayOf = (date: string): number => isoWeekday(date);

export function blankBookingForm(now: Date = new Date()): BookingForm {
  return {
    hotel: null,
    date: carouselDates(now)[0]!,
    tourId: null,
    offerId: null,
    timeSlotId: null,
    adults: BOOKING_LIMITS.adultsMin,
    children: 0,
    infants: 0,
    arrivalId: null,
    groupId: null,
    groupInfoId: null,
    guestName: '',
    roomNumber: '',
    phones: [{ value: '' }],
    paid: 0,
    paidOrig: 0,
    collect: 0,
    collectOrig: 0,
    voucherNumber: '',
    notes: '',
  };
}

/** 'Armani Hotel Dubai (Downtown, Dubai)': the hotel with its region and city. */
export function hotelLabel(h: Pick<NewBookingHotel, 'name' | 'regionName' | 'cityName'>): string {
  const where = [h.regionName, h.cityName].filter((s) => s && s.trim() !== '').join(', ');
  return where ? `${h.name} (${where})` : h.name;
}

/** The hotels whose name, region or city holds the text (case-insensitive), at most `limit`. */
export function searchHotels(hotels: readonly NewBookingHotel[], text: string, limit = 50): HotelChoice[] {
  const needle = text.trim().toLocaleLowerCase();
  return hotels
    .map((h) => ({ value: h.id, label: hotelLabel(h) }))
    .filter((h) => needle === '' || h.label.toLocaleLowerCase().includes(needle))
    .slice(0, limit);
}

/** The tour's offers that can be sold on the date (days offered; the server already left out the rest). */
export const validOffers = (tour: NewBookingTour | null | undefined, date: string): NewBookingOffer[] => (tour ? tour.offers.filter((o) => isDateOffered(o.daysOffered, date)) : []);

/** The offer's time slots offered on the date. */
export const slotsOf = (offer: NewBookingOffer | null | undefined, date: string): NewBookingSlot[] => (offer ? offer.timeSlots.filter((s) => isDateOffered(s.daysOffered, date)) : []);

/** A slot the agent may choose: open for sale, its minimum advance not passed, with a seat left (null seats left: no limit). */
export const isSlotChoosable = (s: NewBookingSlot): boolean => !s.closed && !s.bookingClosed && (s.seatsLeft === null || s.seatsLeft > 0);

/** Spec 02 §4: an offer with time slots needs one chosen. */
export const needsSlot = (offer: NewBookingOffer | null | undefined): boolean => !!offer && offer.timeSlots.length > 0;

/** What the form has chosen, read from the tours list. */
export function chosen(values: Pick<BookingForm, 'tourId' | 'offerId' | 'timeSlotId' | 'date'>, tours: readonly NewBookingTour[] | undefined) {
  const tour = tours?.find((t) => t.id === values.tourId) ?? null;
  const offer = validOffers(tour, values.date).find((o) => o.id === values.offerId) ?? null;
  const slot = slotsOf(offer, values.date).find((s) => s.id === values.timeSlotId) ?? null;
  return { tour, offer, slot };
}

/**
 * What the form must change so its choices stand on the current tours list (spec 02 §4): a tour no longer listed
 * (another hotel or date) is dropped; an offer that is not valid is dropped, and when exactly one offer is valid
 * it is chosen; likewise the one choosable time slot; children and infants go back to 0 when the offer does not
 * allow them (or no offer is chosen). Nothing while the list is loading. The agent's choices are kept when valid.
 */
export function reconcile(values: BookingForm, tours: readonly NewBookingTour[] | undefined): Partial<BookingForm> {
  if (!tours) return {};
  const patch: Partial<BookingForm> = {};
  const tour = tours.find((t) => t.id === values.tourId) ?? null;
  if (values.tourId !== null && !tour) patch.tourId = null;
  const offers = validOffers(tour, values.date);
  const offer = offers.find((o) => o.id === values.offerId) ?? (offers.length === 1 ? offers[0]! : null);
  if ((offer?.id ?? null) !== values.offerId) patch.offerId = offer?.id ?? null;
  const choosable = slotsOf(offer, values.date).filter(isSlotChoosable);
  const slot = choosable.find((s) => s.id === values.timeSlotId) ?? (choosable.length === 1 ? choosable[0]! : null);
  if ((slot?.id ?? null) !== values.timeSlotId) patch.timeSlotId = slot?.id ?? null;
  if (!offer?.childrenAllowed && values.children !== 0) patch.children = 0;
  if (!offer?.infantsAllowed && values.infants !== 0) patch.infants = 0;
  return patch;
}

/** Spec 02 §4: changing the tour resets the offer (and so the slot). */
export const onTourChosen = (tourId: number | null): Partial<BookingForm> => ({ tourId, offerId: null, timeSlotId: null });
/** Another offer has other slots. */
export const onOfferChosen = (offerId: number | null): Partial<BookingForm> => ({ offerId, timeSlotId: null });

/** Spec 02 §4: guest, payment and save open once an offer is chosen and, if it has time slots, a slot. */
export const guestEnabled = (offer: NewBookingOffer | null, timeSlotId: number | null): boolean => !!offer && (!needsSlot(offer) || timeSlotId !== null);

/** Spec 02 §4: and Save stays disabled until a guest name exists. */
export const canSave = (offer: NewBookingOffer | null, timeSlotId: number | null, guestName: string): boolean => guestEnabled(offer, timeSlotId) && guestName.trim() !== '';

type AmountField = 'paid' | 'paidOrig' | 'collect' | 'collectOrig';
const LINKED: Record<AmountField, { other: AmountField; convert: (v: number, rate: number) => number }> = {
  paid: { other: 'paidOrig', convert: usdToAed },
  paidOrig: { other: 'paid', convert: aedToUsd },
  collect: { other: 'collectOrig', convert: usdToAed },
  collectOrig: { other: 'collect', convert: aedToUsd },
};

/** Spec 02 §4: an amount typed in USD sets its AED twin and back, by the rate (AED = USD × rate). */
export function linkedAmount(field: AmountField, value: number | null, rate: number = BOOKING_CONV_RATE): Partial<BookingForm> {
  const { other, convert } = LINKED[field];
  return { [other]: value === null ? null : convert(value, rate || BOOKING_CONV_RATE) };
}

/** Which counter is closed, and why (spec 02 §5): no ticket yet, or the ticket does not take children / infants. */
export type CounterBlock = 'selectTicket' | 'childrenNotAllowed' | 'infantsNotAllowed' | null;
export function counterBlock(kind: 'children' | 'infants', offer: NewBookingOffer | null): CounterBlock {
  if (!offer) return 'selectTicket';
  if (kind === 'children') return offer.childrenAllowed ? null : 'childrenNotAllowed';
  return offer.infantsAllowed ? null : 'infantsNotAllowed';
}

/** The ages the counters' tooltips name (spec 02 §5, §9): adults from the child age (12 by default), children 3 … child age, infants 0 … infant age. */
export function ageHints(offer: NewBookingOffer | null) {
  const childAge = offer?.childAge ?? BOOKING_LIMITS.adultTooltipAge;
  return { adultFrom: childAge, childFrom: BOOKING_LIMITS.childAgeFrom, childTo: childAge, infantTo: offer?.infantAge ?? BOOKING_LIMITS.childAgeFrom - 1 };
}

/**
 * The counters' age hints as i18n keys with their values: `count` is the number the word agrees with, the last of
 * the range (ru: '0–2 года', '3–12 лет', 'от 12 лет'; the plural forms are in agent-booking-add.json).
 */
export function ageHintTexts(offer: NewBookingOffer | null): Record<'adults' | 'children' | 'infants', [key: string, values: { count: number; from?: number }]> {
  const ages = ageHints(offer);
  return {
    adults: ['ticket.adultsHint', { count: ages.adultFrom }],
    children: ['ticket.childrenHint', { from: ages.childFrom, count: ages.childTo }],
    infants: ['ticket.infantsHint', { count: ages.infantTo }],
  };
}

/** Seats the slot cannot give: the number left when the counts ask more, else null. */
export function seatsShort(slot: NewBookingSlot | null, counts: Pick<BookingForm, 'adults' | 'children'>): number | null {
  if (!slot || slot.seatsLeft === null) return null;
  return seatsOf({ ...counts, foc: 0 }) > slot.seatsLeft ? slot.seatsLeft : null;
}

/** The ticket's people limits the counts break: the bound, else null (the server refuses the same). */
export function peopleLimit(offer: NewBookingOffer | null, counts: Pick<BookingForm, 'adults' | 'children'>): { kind: 'min' | 'max'; n: number } | null {
  if (!offer) return null;
  const people = seatsOf({ ...counts, foc: 0 });
  if (offer.minNumOfPeople && people < offer.minNumOfPeople) return { kind: 'min', n: offer.minNumOfPeople };
  if (offer.maxNumOfPeople && people > offer.maxNumOfPeople) return { kind: 'max', n: offer.maxNumOfPeople };
  return null;
}

/** A slot's times in minutes after midnight; null for a no-time slot. */
export function slotTimes(slot: NewBookingSlot | null): { start: number; end: number } | null {
  if (!slot || slot.isNoTime) return null;
  return { start: slot.startHour * 60 + slot.startMinutes, end: slot.endHour * 60 + slot.endMinutes };
}

/** The chosen offer's prices on the date, if the tour has them. */
export const priceOf = (prices: readonly OfferPrice[] | undefined, offerId: number | null): OfferPrice | null => prices?.find((p) => p.offerId === offerId) ?? null;

export interface ShownTotals extends BookingTotals {
  /** The agency's commission in AED (gross less net). */
  agencyReceivableAed: number;
}

/** The totals shown while the agent types: bookingTotals() of the unit prices (the server computes the same on save). */
export function totalsOf(prices: UnitPrices, counts: Pick<BookingForm, 'adults' | 'children'>): ShownTotals {
  const totals = bookingTotals(prices, counts);
  return { ...totals, agencyReceivableAed: agencyReceivableAed(totals) };
}

/**
 * The booking's total (USD) when what was paid and what is to be collected add up to more than it, else null: a
 * typing slip more often than not (an amount in AED typed as USD), said beside the amounts but not refused.
 */
export function paymentOverTotal(v: Pick<BookingForm, 'adults' | 'children' | 'paid' | 'collect'>, prices: UnitPrices | null): number | null {
  if (!prices) return null;
  const total = totalsOf(prices, v).totalUsd;
  return (v.paid ?? 0) + (v.collect ?? 0) > total + 0.005 ? total : null;
}

export type ProblemKey = 'hotel' | 'date' | 'dateBeforeTomorrow' | 'offer' | 'timeSlot' | 'adults' | 'guestName' | 'paymentNegative' | 'paymentTooLarge' | 'paymentCents';
export interface Problem {
  path: keyof BookingForm;
  key: ProblemKey;
}

/** The §5 booking model and form rules, checked before the form is sent. */
export function bookingProblems(v: BookingForm, offer: NewBookingOffer | null, now: Date = new Date()): Problem[] {
  const out: Problem[] = [];
  if (!v.hotel) out.push({ path: 'hotel', key: 'hotel' });
  if (!v.date) out.push({ path: 'date', key: 'date' });
  else if (v.date < carouselDates(now)[0]!) out.push({ path: 'date', key: 'dateBeforeTomorrow' });
  if (!offer) out.push({ path: 'offerId', key: 'offer' });
  else if (needsSlot(offer) && v.timeSlotId === null) out.push({ path: 'timeSlotId', key: 'timeSlot' });
  if (!(v.adults >= BOOKING_LIMITS.adultsMin)) out.push({ path: 'adults', key: 'adults' });
  if (v.guestName.trim() === '') out.push({ path: 'guestName', key: 'guestName' });
  for (const f of ['paid', 'paidOrig', 'collect', 'collectOrig'] as const) {
    const amount = v[f] ?? 0;
    // The server's bound for any amount: said here in the reader's words rather than refused on save.
    if (amount < 0) out.push({ path: f, key: 'paymentNegative' });
    else if (amount > BOOKING_LIMITS.amountMax) out.push({ path: f, key: 'paymentTooLarge' });
    else if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) out.push({ path: f, key: 'paymentCents' });
  }
  return out;
}

/** The form → what POST /api/agent/bookings takes; empty amounts are 0, empty phone rows are left out. */
export function bookingPayload(v: BookingForm, slot: NewBookingSlot | null): NewBookingPayload {
  const times = slotTimes(slot);
  return {
    date: v.date,
    hotelId: v.hotel?.value ?? 0,
    customHotelName: '',
    tourId: v.tourId ?? 0,
    offerId: v.offerId ?? 0,
    timeSlotId: v.timeSlotId,
    adults: v.adults,
    children: v.children,
    infants: v.infants,
    guestName: v.guestName.trim(),
    roomNumber: v.roomNumber.trim(),
    phones: v.phones.map((p) => p.value.trim()).filter((p) => p !== ''),
    paid: v.paid ?? 0,
    paidOrig: v.paidOrig ?? 0,
    collect: v.collect ?? 0,
    collectOrig: v.collectOrig ?? 0,
    voucherNumber: v.voucherNumber.trim(),
    notes: v.notes.trim(),
    arrivalId: v.arrivalId,
    groupId: v.groupId,
    groupInfoId: v.groupInfoId,
    ...(times ? { startTime: times.start, endTime: times.end } : {}),
  };
}

const SERVER_FIELDS: Record<string, keyof BookingForm> = {
  hotelId: 'hotel',
  customHotelName: 'hotel',
  voucher: 'voucherNumber',
  tel: 'phones',
};
const FORM_FIELDS = new Set<string>(Object.keys(blankBookingForm(new Date(0))));

/** A server field name (Content.errors key, e.g. 'phones.1') → the form's; null when the form has no such field. */
export function fieldOfServerField(key: string): keyof BookingForm | null {
  const head = key.split(/[.[]/)[0] ?? key;
  if (SERVER_FIELDS[head]) return SERVER_FIELDS[head];
  return FORM_FIELDS.has(head) ? (head as keyof BookingForm) : null;
}

/** Ids of the add-booking controls a failed save may send the focus to, and of the messages that describe them. */
export const BOOKING_CONTROL_IDS = {
  hotel: 'booking-hotel-input',
  adults: 'booking-adults-count',
  children: 'booking-children-count',
  infants: 'booking-infants-count',
  hotelMessage: 'booking-hotel-message',
  dateMessage: 'booking-date-message',
  slotMessage: 'booking-slot-message',
  peopleMessage: 'booking-people-message',
} as const;

const FOCUS_TARGETS: Partial<Record<keyof BookingForm, string[]>> = {
  hotel: [`#${BOOKING_CONTROL_IDS.hotel}`],
  // The carousel's one Tab stop (the chosen day, else the first); the chosen slot, else the first choosable one.
  date: ['[data-testid="booking-dates"] [tabindex="0"]'],
  tourId: ['#booking-tour'],
  offerId: ['#booking-offer'],
  timeSlotId: ['[data-testid="booking-slots"] input:checked', '[data-testid="booking-slots"] input:not(:disabled)'],
  adults: [`#${BOOKING_CONTROL_IDS.adults}`],
  children: [`#${BOOKING_CONTROL_IDS.children}`],
  infants: [`#${BOOKING_CONTROL_IDS.infants}`],
  phones: ['[data-testid="booking-phone"]'],
};

/**
 * Where a wrong field sends the focus after a refused save, as selectors tried in turn; null for the fields whose
 * input react-hook-form holds (its setFocus finds those). The choosers and counters are no registered inputs:
 * setFocus did nothing for them, and the focus stayed on Save, away from the message that says what is wrong.
 */
export function focusTargetsOf(path: string): string[] | null {
  return FOCUS_TARGETS[path as keyof BookingForm] ?? null;
}
