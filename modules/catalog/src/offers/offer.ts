import { isDeepStrictEqual } from 'node:util';
import { blankOfferDetails, type OfferDetailsData, type OfferStreamEvent, type ValidPeriodPricedData } from '@tbo/event-schemas';
import { deleteOrRestore, mustOwn, normalizeCancellationPolicy, NotFoundError, ValidationError, type CancellationOption, type Decider } from '@tbo/kernel';
import { pricePeriod, setPeriodTerms, summaryPeriodAt } from '../pure/offer-summary.pure';
import { pricesFromFlat } from '../pricing/flat-prices.pure';
import { businessDateOf, missingPriceProblems, validatePrices, type ValidPeriodPrices } from '../pricing/price-model.pure';

/** Every editable field of an offer (spec 01 §3 Offer, without id, isDeleted and validPeriods). */
export type OfferDetails = Omit<OfferDetailsData, 'id' | 'supplierId'>;
export type { CancellationOption };
export interface OfferFields extends OfferDetails {
  isOverrideTourCancellationPolicy: boolean;
  cancellationPolicy: CancellationOption[];
}

/** A valid period as stored and answered: the priced figures with the settings, plus its advance payment. */
export interface ValidPeriod extends ValidPeriodPricedData {
  minimumAdvancedPayment: number;
}

export interface Offer extends OfferFields {
  id: number;
  isDeleted: boolean;
  validPeriods: ValidPeriod[];
  pricePerAdultRecUsd: number | null;
  pricePerChildRecUsd: number | null;
  pricePerTripRecUsd: number | null;
  periodEnd: string | null;
}

export interface OfferState {
  id: number;
  supplierId: number | null;
  tourId: number | null;
  exists: boolean;
  isDeleted: boolean;
  details: OfferDetails | null;
  policy: { isOverrideTourCancellationPolicy: boolean; cancellationPolicy: CancellationOption[] } | null;
  validPeriods: ValidPeriod[];
}

/** The account settings a valid period is priced with (spec 01 §3: each period keeps its own copy). */
export interface PricingSettings {
  vat: number;
  vatK: number;
  convRate: number;
  convType: 'multiply' | 'divide';
  defaultCommission: number;
}

export type ValidPeriodInput = Omit<ValidPeriodPricedData, 'vat' | 'vatK' | 'convRate' | 'convType' | 'defaultCommission'> & { minimumAdvancedPayment: number };

export type OfferCommand =
  | { type: 'SaveOffer'; id: number; supplierId: number; isNew: boolean; offer: OfferFields }
  | { type: 'DeleteOffer'; id: number; supplierId: number }
  | { type: 'RestoreOffer'; id: number; supplierId: number }
  | { type: 'SaveValidPeriod'; id: number; supplierId: number; isNew: boolean; period: ValidPeriodInput; settings: PricingSettings };

/** The field a ticket type's problems are reported on, by its category (Adult 0, Child 1, Infant 2). */
export const TICKET_TYPE_FIELDS = ['ticketsTypes.adult', 'ticketsTypes.child', 'ticketsTypes.infant'] as const;

export const OFFER_NOT_FOUND = 'Ticket not found or you are not allowed to manage it';
export const VALID_PERIOD_NOT_FOUND = 'Valid period not found in this ticket';
export const offerNotFound = () => new NotFoundError(OFFER_NOT_FOUND, 'Not found');

/** The longest duration a ticket may state: the edit form's number field stops there too (a larger one is a typing slip). */
export const OFFER_HOURS_MAX = 9999;

export const OFFER_MESSAGES = {
  code: 'Ticket code is required',
  displayName: 'Ticket display name is required',
  minPeople: 'Minimum number of people is required',
  maxPeople: 'Maximum number of people is required',
  maxBelowMin: 'Maximum number of people cannot be less than the minimum number of people',
  duration: 'Minimum duration is 1 hour',
  durationMax: 'Duration is at most 9999 hours', // OFFER_HOURS_MAX
  advancePayment: 'Minimum advanced payment must be between 0 and 100',
  childAge: 'Child age is required and must be between 1 and 18',
  infantAge: 'Infant age is required and must be between 1 and 18',
  infantAgeBelowChildAge: 'Infant age must be less than child age',
  adultTicket: 'Adult ticket is required',
  childTicket: 'Child ticket is required',
  infantTicket: 'Infant ticket is required',
  ticketType: 'Ticket type not found',
  periodEnd: 'Period end must be after period start',
  periodOverlaps: (start: string, end: string) => `The period overlaps ${businessDateOf(start)}–${businessDateOf(end)}`,
  prices: 'Prices are not consistent with the VAT, conversion rate and commissions',
  origin: 'Origin city not found',
  photo: 'Photo not found in your media library',
  heroImage: 'Hero image not found in your media library',
  timeSlots: 'Time slot not found or you are not allowed to use it',
} as const;

const inRange = (v: number | null | undefined, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** Every ticket rule of spec 01 §5, as field errors. */
export function offerProblems(o: OfferFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!o.nameInternal.trim()) add('nameInternal', OFFER_MESSAGES.code);
  if (!o.nameDisplay.trim()) add('nameDisplay', OFFER_MESSAGES.displayName);
  if (!inRange(o.minNumOfPeople, 1, Number.MAX_SAFE_INTEGER)) add('minNumOfPeople', OFFER_MESSAGES.minPeople);
  if (!inRange(o.maxNumOfPeople, 1, Number.MAX_SAFE_INTEGER)) add('maxNumOfPeople', OFFER_MESSAGES.maxPeople);
  else if (inRange(o.minNumOfPeople, 1, Number.MAX_SAFE_INTEGER) && o.maxNumOfPeople < o.minNumOfPeople) add('maxNumOfPeople', OFFER_MESSAGES.maxBelowMin);
  if (!inRange(o.numberOfHours, 1, Number.MAX_SAFE_INTEGER)) add('numberOfHours', OFFER_MESSAGES.duration);
  else if (o.numberOfHours > OFFER_HOURS_MAX) add('numberOfHours', OFFER_MESSAGES.durationMax);
  if (!inRange(o.minimumAdvancedPayment, 0, 100)) add('minimumAdvancedPayment', OFFER_MESSAGES.advancePayment);
  if (!inRange(o.childAge, 1, 18)) add('childAge', OFFER_MESSAGES.childAge);
  if (!inRange(o.infantAge, 1, 18)) add('infantAge', OFFER_MESSAGES.infantAge);
  // Ages are upper bounds (an infant up to infantAge, a child up to childAge): an infant age at or above the child
  // age leaves no child, so the booking form could not tell the two apart.
  else if (o.childrenAllowed && o.infantsAllowed && inRange(o.childAge, 1, 18) && o.infantAge >= o.childAge) add('infantAge', OFFER_MESSAGES.infantAgeBelowChildAge);
  if (o.isTicketsRequired) {
    const has = (type: number) => o.ticketsTypes.some((t) => t.type === type && t.ticketTypeId > 0);
    if (!has(0)) add(TICKET_TYPE_FIELDS[0], OFFER_MESSAGES.adultTicket);
    if (!has(1)) add(TICKET_TYPE_FIELDS[1], OFFER_MESSAGES.childTicket);
    if (!has(2)) add(TICKET_TYPE_FIELDS[2], OFFER_MESSAGES.infantTicket);
  }
  return errors;
}

function detailsOf(o: OfferFields): OfferDetails {
  const { isOverrideTourCancellationPolicy: _o, cancellationPolicy: _c, ...details } = o;
  return {
    ...details,
    nameInternal: details.nameInternal.trim(),
    nameDisplay: details.nameDisplay.trim(),
    ticketsTypes: details.isTicketsRequired ? [0, 1, 2].map((type) => ({ type, ticketTypeId: details.ticketsTypes.find((t) => t.type === type)?.ticketTypeId ?? 0 })) : details.ticketsTypes,
  };
}

/** An offer without override stores an empty policy (spec 01 §4). */
function policyOf(o: OfferFields) {
  return {
    isOverrideTourCancellationPolicy: o.isOverrideTourCancellationPolicy,
    cancellationPolicy: o.isOverrideTourCancellationPolicy ? normalizeCancellationPolicy(o.cancellationPolicy) : [],
  };
}

/** The flat period's figures as the price model's shape. */
export const pricesOf = (p: ValidPeriodInput): ValidPeriodPrices => pricesFromFlat(p);

export const emptyOfferState = (id = 0): OfferState => ({ id, supplierId: null, tourId: null, exists: false, isDeleted: false, details: null, policy: null, validPeriods: [] });

/**
 * A supplier's offer: created once for a tour, then its details and its cancellation policy each
 * stated whole when they change; valid periods are priced into the same stream (saving one
 * replaces it in the offer). Another supplier's offer is answered as not found (spec 01 §8).
 */
export const offerDecider: Decider<OfferCommand, OfferStreamEvent, OfferState> = {
  initialState: emptyOfferState(),
  evolve(state, event) {
    switch (event.type) {
      case 'ValidPeriodPriced':
        return { ...state, validPeriods: pricePeriod(state.validPeriods, event.data) };
      case 'OfferValidPeriodTermsSet':
        return { ...state, validPeriods: setPeriodTerms(state.validPeriods, event.data.validPeriodId, event.data.minimumAdvancedPayment) };
      case 'OfferCreated':
        return { ...state, id: event.data.id, supplierId: event.data.supplierId, tourId: event.data.tourId, exists: true };
      case 'OfferDetailsChanged': {
        const { id: _id, supplierId: _s, ...details } = event.data;
        return { ...state, details, tourId: details.tourId };
      }
      case 'OfferCancellationPolicyChanged':
        return { ...state, policy: { isOverrideTourCancellationPolicy: event.data.isOverrideTourCancellationPolicy, cancellationPolicy: event.data.cancellationPolicy } };
      case 'OfferDeleted':
        return { ...state, isDeleted: true };
      case 'OfferRestored':
        return { ...state, isDeleted: false };
    }
  },
  decide(cmd, state) {
    const key = { id: cmd.id, supplierId: cmd.supplierId };
    mustOwn(state, cmd.supplierId, cmd.type === 'SaveOffer' && cmd.isNew, offerNotFound);
    if (cmd.type === 'DeleteOffer' || cmd.type === 'RestoreOffer') return deleteOrRestore(state, cmd.type === 'RestoreOffer', key, 'OfferDeleted', 'OfferRestored');
    if (cmd.type === 'SaveValidPeriod') return decideValidPeriod(cmd, state);

    // An offer stays with the tour it was created for.
    if (!cmd.isNew && cmd.offer.tourId !== state.tourId) throw offerNotFound();
    const problems = offerProblems(cmd.offer);
    const first = Object.values(problems)[0]?.[0];
    if (first) throw new ValidationError(first, problems);
    const details = detailsOf(cmd.offer);
    const policy = policyOf(cmd.offer);
    const events: OfferStreamEvent[] = [];
    if (cmd.isNew) events.push({ type: 'OfferCreated', data: { ...key, tourId: cmd.offer.tourId } });
    if (!isDeepStrictEqual(state.details, details)) events.push({ type: 'OfferDetailsChanged', data: { ...key, ...details } });
    if (!isDeepStrictEqual(state.policy, policy)) events.push({ type: 'OfferCancellationPolicyChanged', data: { ...key, ...policy } });
    return events;
  },
};

function decideValidPeriod(cmd: Extract<OfferCommand, { type: 'SaveValidPeriod' }>, state: OfferState): OfferStreamEvent[] {
  const { period, settings } = cmd;
  if (!cmd.isNew && !state.validPeriods.some((p) => p.id === period.id)) throw new NotFoundError(VALID_PERIOD_NOT_FOUND, 'Not found');
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const start = Date.parse(period.periodStart);
  const end = Date.parse(period.periodEnd);
  if (!(end > start)) add('periodEnd', OFFER_MESSAGES.periodEnd);
  else for (const other of overlapping(state.validPeriods, period.id, start, end)) add('periodStart', OFFER_MESSAGES.periodOverlaps(other.periodStart, other.periodEnd));
  if (!inRange(period.minimumAdvancedPayment, 0, 100)) add('minimumAdvancedPayment', OFFER_MESSAGES.advancePayment);
  const prices = pricesOf(period);
  const check = validatePrices(prices, { vatPercent: settings.vat, vatK: settings.vatK, convRate: settings.convRate, convType: settings.convType });
  for (const [f, ms] of Object.entries(check.errors)) for (const m of ms) add(f, m);
  for (const [f, ms] of Object.entries(missingPriceProblems(prices, state.details?.childrenAllowed ?? false))) for (const m of ms) add(f, m);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(check.ok ? first : `${OFFER_MESSAGES.prices}: ${Object.values(check.errors)[0]?.[0] ?? ''}`.replace(/: $/, ''), errors);

  const { minimumAdvancedPayment, ...priced } = period;
  const data: ValidPeriodPricedData = {
    ...priced,
    offerId: cmd.id,
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(end).toISOString(),
    ...settings,
  };
  const old = state.validPeriods.find((p) => p.id === period.id);
  const events: OfferStreamEvent[] = [];
  if (!old || !isDeepStrictEqual({ ...old, minimumAdvancedPayment: undefined }, { ...data, minimumAdvancedPayment: undefined })) events.push({ type: 'ValidPeriodPriced', data });
  if (!old ? minimumAdvancedPayment !== 0 : old.minimumAdvancedPayment !== minimumAdvancedPayment) {
    events.push({ type: 'OfferValidPeriodTermsSet', data: { id: cmd.id, supplierId: cmd.supplierId, validPeriodId: period.id, minimumAdvancedPayment } });
  }
  return events;
}

/**
 * The offer's other periods sharing an instant with [start, end): a booking date would otherwise be priced by
 * whichever was saved first. Back to back (one ends exactly when the next starts) is not an overlap.
 */
function overlapping(periods: readonly ValidPeriod[], id: number, start: number, end: number): ValidPeriod[] {
  return periods
    .filter((p) => p.id !== id && Date.parse(p.periodStart) < end && start < Date.parse(p.periodEnd))
    .sort((a, b) => Date.parse(a.periodStart) - Date.parse(b.periodStart));
}

export const offerStream = (id: number) => `offer-${id}`;

/** A new offer's fields: the event schema's blank details (spec 01 §9 defaults), following the tour's cancellation policy. */
export function blankOfferFields(tourId = 0): OfferFields {
  return { ...blankOfferDetails(tourId), isOverrideTourCancellationPolicy: false, cancellationPolicy: [] };
}

/** The GET shape from the state. */
export function offerFrom(state: OfferState, now: string = new Date().toISOString()): Offer {
  const summary = summaryPeriodAt(state.validPeriods, now);
  return {
    id: state.id,
    ...blankOfferFields(state.tourId ?? 0),
    ...(state.details ?? {}),
    ...(state.policy ?? {}),
    isDeleted: state.isDeleted,
    validPeriods: state.validPeriods,
    pricePerAdultRecUsd: summary?.pricePerAdultRecUsd ?? null,
    pricePerChildRecUsd: summary?.pricePerChildRecUsd ?? null,
    pricePerTripRecUsd: summary?.pricePerTripRecUsd ?? null,
    periodEnd: summary?.periodEnd ?? null,
  };
}
