import { z } from 'zod';
import { boundedNumber, businessDateInput, idNumber, idOrZero, PG_INT_MAX, wholeNumber } from '@tbo/kernel';
import { BOOKING_LIMITS, BOOKING_MESSAGES } from '../pure/booking-rules.pure';

/*
 * The booking calls' bodies and queries: types, ranges and formats here; the rules (dates, seats, prices)
 * in new-booking.rules.ts and the decider. Spec §5's model messages are kept where a field is missing.
 */
/** Spec §5's message when the field is missing; when it is sent with the wrong type, what it should be instead. */
const missingOr = (missing: string, wrongType: string) => (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? missing : wrongType);
const text = (label: string, max: number) => z.string({ message: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);
const count = (label: string) => wholeNumber(label, 0, BOOKING_LIMITS.peopleMax);
/** Money in cents, as the form's step 0.01: more decimals are refused (no currency has them); float noise is rounded off. */
const amount = (label: string) =>
  boundedNumber(label, 0, BOOKING_LIMITS.amountMax)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must have at most 2 decimals`)
    .transform((v) => Math.round(v * 100) / 100);
const optionalId = (label: string) => idOrZero(label).nullable().optional().transform((v) => (v ? v : null));

export const newBookingInput = z
  .object({
    date: z.string({ error: missingOr(BOOKING_MESSAGES.date, 'Date must be a date YYYY-MM-DD') }).min(1, BOOKING_MESSAGES.date).pipe(businessDateInput('Date')),
    hotelId: optionalId('Hotel'),
    customHotelName: text('Hotel name', 200).nullable().optional().transform((v) => v ?? null),
    tourId: idNumber('Tour'),
    // Spec §5: no offer (missing, null or 0, the form's 'none chosen') is 'Offer is required'; other bad ids keep idNumber's message.
    offerId: z.number({ error: missingOr(BOOKING_MESSAGES.offer, 'Offer must be a number') }).refine((v) => v !== 0, BOOKING_MESSAGES.offer).pipe(idNumber('Offer')),
    timeSlotId: optionalId('Time slot'),
    // Spec §5: fewer than one adult (0 included) is 'At least one adult is required'.
    adults: z.number({ error: missingOr(BOOKING_MESSAGES.adults, 'Adults must be a number') }).min(BOOKING_LIMITS.adultsMin, BOOKING_MESSAGES.adults).pipe(wholeNumber('Adults', BOOKING_LIMITS.adultsMin, BOOKING_LIMITS.peopleMax)),
    children: count('Children').default(0),
    infants: count('Infants').default(0),
    foc: count('Foc').default(0),
    guestName: text('Guest name', 200).default(''),
    roomNumber: text('Room number', 50).default(''),
    phones: z.array(text('Phone', 50)).max(10, 'At most 10 phone numbers').default([]),
    paid: amount('Paid').default(0),
    paidOrig: amount('Paid (AED)').nullable().optional().transform((v) => v ?? null),
    collect: amount('Collect').default(0),
    collectOrig: amount('Collect (AED)').nullable().optional().transform((v) => v ?? null),
    voucherNumber: text('Voucher number', 100).default(''),
    notes: text('Notes', 4000).default(''),
    arrivalId: optionalId('Arrival'),
    groupId: optionalId('Group'),
    groupInfoId: optionalId('Group info'),
    // The client's copy of the slot's times; the server takes them from the slot itself.
    startTime: z.number().nullable().optional(),
    endTime: z.number().nullable().optional(),
  })
  .strict()
  // The group ids are the in-house guest's (the server takes them from the arrival): alone they would be dropped.
  .refine((v) => v.arrivalId !== null || (v.groupId === null && v.groupInfoId === null), { message: 'groupId and groupInfoId come with the in-house guest: send its arrivalId too', path: ['arrivalId'] });
export type NewBookingBody = z.output<typeof newBookingInput>;

const version = wholeNumber('version', 0, PG_INT_MAX).nullable().optional();
/**
 * The version of the booking the form was opened on: an edit of its fields must name it, so a second person's
 * save answers 409 instead of silently overwriting the first's (a status change is decided on the status).
 */
const editedVersion = z.number({ error: missingOr(BOOKING_MESSAGES.versionRequired, 'version must be a number') }).pipe(wholeNumber('version', 0, PG_INT_MAX));
/** An agent's or a reseller's cancel: the reason is theirs to give or not. */
export const reasonInput = z.object({ reason: text('Reason', 1000).default(''), version }).strict();
/** Operations' decline or cancel: the agent and the guest are owed a reason (the form asks for one too). */
export const staffReasonInput = z
  .object({ reason: z.string({ error: missingOr(BOOKING_MESSAGES.reasonRequired, 'Reason must be text') }).trim().min(1, BOOKING_MESSAGES.reasonRequired).pipe(text('Reason', 1000)), version })
  .strict();
export const versionInput = z.object({ version }).strict();
/** A field left out stays as it is; the hotel too, when neither hotelId nor customHotelName is sent. */
export const amendInput = z
  .object({
    guestName: text('Guest name', 200).optional(),
    roomNumber: text('Room number', 50).optional(),
    phones: z.array(text('Phone', 50)).max(10, 'At most 10 phone numbers').optional(),
    notes: text('Notes', 4000).optional(),
    voucher: text('Voucher', 100).optional(),
    // 0 or null: no hotel of the list (customHotelName then names it).
    hotelId: idOrZero('Hotel').nullable().optional().transform((v) => (v === undefined ? undefined : v || null)),
    customHotelName: text('Hotel name', 200).nullable().optional(),
    version: editedVersion,
  })
  .strict();
export const rescheduleInput = z
  .object({
    date: businessDateInput('Date'),
    timeSlotId: optionalId('Time slot'),
    adults: wholeNumber('Adults', 1, BOOKING_LIMITS.peopleMax),
    children: count('Children').default(0),
    infants: count('Infants').default(0),
    foc: count('Foc').default(0),
    version: editedVersion,
  })
  .strict();

/**
 * An id in a query string: digits (0 for none, unless `id` is idNumber). A minus sign is read, so '-1' is told it
 * must not be negative (or must be positive) rather than that it is no whole number.
 */
const queryId = (label: string, id: (label: string) => z.ZodType<number, number> = idOrZero) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a whole number`) })
    .regex(/^-?\d{1,10}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(id(label));

export const toursForNewBookingQuery = z.object({ hotelId: queryId('hotelId').optional(), date: businessDateInput('date').optional() }).strict();
export const priceQuery = z.object({ tourId: queryId('tourId', idNumber), date: businessDateInput('date'), offerId: queryId('offerId').optional() }).strict();
export const inHouseQuery = z.object({ hotelId: queryId('hotelId').optional(), date: businessDateInput('date').optional() }).strict();
/** The group info is asked of one group: without its id there is nothing to look up (it would answer 404). */
export const groupInfoQuery = z.object({ hotelId: queryId('hotelId').optional(), groupInfoId: queryId('groupInfoId') }).strict();
export const voucherQuery = z.object({ lang: z.enum(['eng', 'rus'], { message: 'lang must be eng or rus' }).default('eng') }).strict();
