import { z } from 'zod';
import type { BookingType, CancellationOption, Offer, OfferFields, OfferTicketType } from '../api/get-offer';
import { cancellationPolicySchema } from '../../../ui/cancellation-policy/policy-tier.schema';

/**
 * The offer form (spec 01 §3 Offer, §5 Ticket, §9 defaults): its values, the zod schema with the §5 messages,
 * and the conversions to and from the API shape. Pure, unit-tested in offer-form.spec.ts.
 */

/** Spec 01 §9: min people 1, child age 12, infant age 3, Live Book; ages 1 to 18; advance payment 0 to 100 %. */
export const OFFER_DEFAULTS = { minNumOfPeople: 1, childAge: 12, infantAge: 3, bookingType: 1 as BookingType };
export const AGE_MIN = 1;
export const AGE_MAX = 18;
export const BOOKING_TYPES: readonly BookingType[] = [0, 1, 2];

export interface OfferForm {
  nameInternal: string;
  nameDisplay: string;
  origin: number[];
  minNumOfPeople: number | null;
  maxNumOfPeople: number | null;
  numberOfHours: number | null;
  minimumAdvancedPayment: number | null;
  isTicketsRequired: boolean;
  adultTicketTypeId: number | null;
  childTicketTypeId: number | null;
  infantTicketTypeId: number | null;
  childrenAllowed: boolean;
  childAge: number | null;
  infantsAllowed: boolean;
  infantAge: number | null;
  isDirectReporting: boolean;
  allowDirectCollection: boolean;
  isAppendTransactionFeeB2b: boolean;
  bookingType: BookingType;
  description: string;
  notesToClientsPostBooking: string;
  isOverrideTourCancellationPolicy: boolean;
  cancellationPolicy: CancellationOption[];
  photos: number[];
  heroImageId: number | null;
  /** The time slots the ticket sells (spec 01 §2 offer edit: time slot groups and slots selection). */
  timeSlots: number[];
}

/** Message keys of the offer-edit namespace (English texts are spec 01 §5's). */
export type OfferMessageKey =
  | 'errors.code'
  | 'errors.displayName'
  | 'errors.minPeople'
  | 'errors.maxPeople'
  | 'errors.maxBelowMin'
  | 'errors.duration'
  | 'errors.advancePayment'
  | 'errors.childAge'
  | 'errors.infantAge'
  | 'errors.adultTicket'
  | 'errors.childTicket'
  | 'errors.infantTicket';

const atLeast = (min: number) => (v: number | null | undefined) => typeof v === 'number' && Number.isFinite(v) && v >= min;
const between = (min: number, max: number) => (v: number | null | undefined) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The client-side check of every ticket rule of spec 01 §5 (the server checks the same and its messages are shown too). */
export function buildOfferSchema(t: (key: OfferMessageKey) => string) {
  const num = z.number().nullable();
  return z
    .object({
      nameInternal: z.string().refine((v) => v.trim() !== '', t('errors.code')),
      nameDisplay: z.string().refine((v) => v.trim() !== '', t('errors.displayName')),
      origin: z.array(z.number()),
      minNumOfPeople: num.refine(atLeast(1), t('errors.minPeople')),
      maxNumOfPeople: num.refine(atLeast(1), t('errors.maxPeople')),
      numberOfHours: num.refine(atLeast(1), t('errors.duration')),
      minimumAdvancedPayment: num.refine(between(0, 100), t('errors.advancePayment')),
      isTicketsRequired: z.boolean(),
      adultTicketTypeId: num,
      childTicketTypeId: num,
      infantTicketTypeId: num,
      childrenAllowed: z.boolean(),
      childAge: num.refine(between(AGE_MIN, AGE_MAX), t('errors.childAge')),
      infantsAllowed: z.boolean(),
      infantAge: num.refine(between(AGE_MIN, AGE_MAX), t('errors.infantAge')),
      isDirectReporting: z.boolean(),
      allowDirectCollection: z.boolean(),
      isAppendTransactionFeeB2b: z.boolean(),
      bookingType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      description: z.string(),
      notesToClientsPostBooking: z.string(),
      isOverrideTourCancellationPolicy: z.boolean(),
      cancellationPolicy: cancellationPolicySchema,
      photos: z.array(z.number()),
      heroImageId: num,
      timeSlots: z.array(z.number()),
    })
    .superRefine((v, ctx) => {
      // The server refuses the same (both counts set and at least 1).
      if (atLeast(1)(v.minNumOfPeople) && atLeast(1)(v.maxNumOfPeople) && (v.maxNumOfPeople as number) < (v.minNumOfPeople as number)) {
        ctx.addIssue({ code: 'custom', path: ['maxNumOfPeople'], message: t('errors.maxBelowMin') });
      }
      if (!v.isTicketsRequired) return;
      const need = [
        ['adultTicketTypeId', 'errors.adultTicket'],
        ['childTicketTypeId', 'errors.childTicket'],
        ['infantTicketTypeId', 'errors.infantTicket'],
      ] as const;
      for (const [field, key] of need) if (!v[field] || v[field] <= 0) ctx.addIssue({ code: 'custom', path: [field], message: t(key) });
    });
}

const ticketOf = (types: readonly OfferTicketType[], type: number) => types.find((x) => x.type === type && x.ticketTypeId > 0)?.ticketTypeId ?? null;

/** A new offer's form (spec 01 §9 defaults). */
export function blankOfferForm(): OfferForm {
  return {
    nameInternal: '',
    nameDisplay: '',
    origin: [],
    minNumOfPeople: OFFER_DEFAULTS.minNumOfPeople,
    maxNumOfPeople: null,
    numberOfHours: null,
    minimumAdvancedPayment: 0,
    isTicketsRequired: false,
    adultTicketTypeId: null,
    childTicketTypeId: null,
    infantTicketTypeId: null,
    childrenAllowed: false,
    childAge: OFFER_DEFAULTS.childAge,
    infantsAllowed: false,
    infantAge: OFFER_DEFAULTS.infantAge,
    isDirectReporting: false,
    allowDirectCollection: false,
    isAppendTransactionFeeB2b: false,
    bookingType: OFFER_DEFAULTS.bookingType,
    description: '',
    notesToClientsPostBooking: '',
    isOverrideTourCancellationPolicy: false,
    cancellationPolicy: [],
    photos: [],
    heroImageId: null,
    timeSlots: [],
  };
}

/** The saved offer → the form. */
export function toForm(o: Offer): OfferForm {
  return {
    nameInternal: o.nameInternal ?? '',
    nameDisplay: o.nameDisplay ?? '',
    origin: o.origin ?? [],
    minNumOfPeople: o.minNumOfPeople ?? OFFER_DEFAULTS.minNumOfPeople,
    maxNumOfPeople: o.maxNumOfPeople ?? 0,
    numberOfHours: o.numberOfHours || null,
    minimumAdvancedPayment: o.minimumAdvancedPayment ?? 0,
    isTicketsRequired: !!o.isTicketsRequired,
    adultTicketTypeId: ticketOf(o.ticketsTypes ?? [], 0),
    childTicketTypeId: ticketOf(o.ticketsTypes ?? [], 1),
    infantTicketTypeId: ticketOf(o.ticketsTypes ?? [], 2),
    childrenAllowed: !!o.childrenAllowed,
    childAge: o.childAge ?? OFFER_DEFAULTS.childAge,
    infantsAllowed: !!o.infantsAllowed,
    infantAge: o.infantAge ?? OFFER_DEFAULTS.infantAge,
    isDirectReporting: !!o.isDirectReporting,
    allowDirectCollection: !!o.allowDirectCollection,
    isAppendTransactionFeeB2b: !!o.isAppendTransactionFeeB2b,
    bookingType: o.bookingType ?? OFFER_DEFAULTS.bookingType,
    description: o.description ?? '',
    notesToClientsPostBooking: o.notesToClientsPostBooking ?? '',
    isOverrideTourCancellationPolicy: !!o.isOverrideTourCancellationPolicy,
    cancellationPolicy: o.cancellationPolicy ?? [],
    photos: o.photos ?? [],
    heroImageId: o.heroImageId ?? null,
    timeSlots: o.timeSlots ?? [],
  };
}

/**
 * The form → what POST/PUT /api/offers take. An offer without override sends an empty policy (spec 01 §4); the
 * ticket types are sent only when tickets are required.
 */
export function toOfferBody(f: OfferForm, base: { id: number; tourId: number; version: number | null }): OfferFields & { id: number; version: number | null } {
  const ticketsTypes: OfferTicketType[] = f.isTicketsRequired
    ? ([
        [0, f.adultTicketTypeId],
        [1, f.childTicketTypeId],
        [2, f.infantTicketTypeId],
      ] as const)
        .filter(([, id]) => !!id && id > 0)
        .map(([type, id]) => ({ type, ticketTypeId: id as number }))
    : [];
  return {
    id: base.id,
    version: base.version,
    tourId: base.tourId,
    nameInternal: f.nameInternal.trim(),
    nameDisplay: f.nameDisplay.trim(),
    origin: f.origin,
    minNumOfPeople: f.minNumOfPeople ?? 0,
    maxNumOfPeople: f.maxNumOfPeople ?? 0,
    numberOfHours: f.numberOfHours ?? 0,
    minimumAdvancedPayment: f.minimumAdvancedPayment ?? 0,
    isTicketsRequired: f.isTicketsRequired,
    ticketsTypes,
    childrenAllowed: f.childrenAllowed,
    childAge: f.childAge ?? OFFER_DEFAULTS.childAge,
    infantsAllowed: f.infantsAllowed,
    infantAge: f.infantAge ?? OFFER_DEFAULTS.infantAge,
    isDirectReporting: f.isDirectReporting,
    allowDirectCollection: f.allowDirectCollection,
    isAppendTransactionFeeB2b: f.isAppendTransactionFeeB2b,
    description: f.description,
    notesToClientsPostBooking: f.notesToClientsPostBooking,
    heroImageId: f.heroImageId && f.photos.includes(f.heroImageId) ? f.heroImageId : null,
    photos: f.photos,
    timeSlots: f.timeSlots,
    bookingType: f.bookingType,
    isOverrideTourCancellationPolicy: f.isOverrideTourCancellationPolicy,
    cancellationPolicy: f.isOverrideTourCancellationPolicy ? f.cancellationPolicy : [],
  };
}

/** Server field names (Content.errors keys) → the form's. Unknown ones answer null (shown with the general error). */
const SERVER_FIELDS: Record<string, keyof OfferForm> = {
  'ticketsTypes.adult': 'adultTicketTypeId',
  'ticketsTypes.child': 'childTicketTypeId',
  'ticketsTypes.infant': 'infantTicketTypeId',
  ticketsTypes: 'adultTicketTypeId',
};
const FORM_FIELDS = new Set<string>(Object.keys(blankOfferForm()));

export function formFieldOfServerField(key: string): keyof OfferForm | null {
  if (SERVER_FIELDS[key]) return SERVER_FIELDS[key];
  const head = key.split('.')[0] ?? key;
  return FORM_FIELDS.has(head) ? (head as keyof OfferForm) : null;
}

