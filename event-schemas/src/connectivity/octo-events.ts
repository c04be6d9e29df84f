import { z } from 'zod';
import { PG_INT_MAX, storedInstant } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { BookingDeparture, BookingUnitPrices } from '../booking/booking-events';
import { businessDate } from '../scheduling/departure-events';

/**
 * An OCTO reservation (stream `octoreservation-<uuid>`, the uuid the reseller chose as its idempotency key). A
 * reservation is not a booking: it holds seats on the departure's stream until `expiresAt`, under the booking id
 * and seat claim allocated when it was made. Confirming it creates that booking (channel 'octo', the reseller's
 * agency), converting the hold into taken seats. The reservation keeps what OCTO answers need that the booking
 * does not hold (unit item uuids, the reseller's contact, its references); the booking stays the authority on
 * money and on what happened after confirmation.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).nullable();
const uuid = z.uuid();

/** OCTO unit types we sell: an offer's adult, child and infant prices. */
export const OCTO_UNIT_TYPES = ['adult', 'child', 'infant'] as const;

export const OctoUnitItem = z.object({ uuid, unitId: z.enum(OCTO_UNIT_TYPES), resellerReference: optionalText(200) });

/** The lead guest as the reseller sent it (OCTO Contact), every field optional. */
export const OctoContact = z.object({
  fullName: optionalText(200),
  firstName: optionalText(100),
  lastName: optionalText(100),
  emailAddress: optionalText(320),
  phoneNumber: optionalText(50),
  locales: z.array(text(35)).max(20),
  postalCode: optionalText(20),
  country: optionalText(60),
  notes: optionalText(2000),
});

/** Pick-up (octo/pickups): a point is one of the supplier's hotels (its id), or a hotel named freely. */
export const OctoPickup = z.object({
  requested: z.boolean(),
  hotelId: z.number().int().min(0).max(PG_INT_MAX).nullable(),
  hotelName: optionalText(200),
  room: optionalText(50),
});

const key = { uuid, supplierId: id, agencyId: id };

export const OctoBookingReserved = z.object({
  ...key,
  /** The reseller key that made it (the agency may hold several). */
  keyId: id,
  bookingId: id,
  claimId: uuid,
  tourId: id,
  offerId: id,
  timeSlotId: id,
  departure: BookingDeparture,
  date: businessDate,
  availabilityId: text(100),
  /** The availability as offered: local start and end with Dubai's offset, whether it spans the day. */
  localDateTimeStart: text(40),
  localDateTimeEnd: text(40),
  allDay: z.boolean(),
  openingHours: z.array(z.object({ from: text(5), to: text(5) })).max(10),
  unitItems: z.array(OctoUnitItem).min(1).max(10_000),
  seats: z.number().int().min(1).max(10_000),
  expiresAt: storedInstant(),
  /** The unit prices the reservation was offered at (the booking prices itself the same way when confirmed). */
  prices: BookingUnitPrices,
  currency: z.enum(['USD', 'AED']),
  resellerReference: optionalText(200),
  notes: optionalText(2000),
  contact: OctoContact,
  pickup: OctoPickup,
});
export const OctoBookingExtended = z.object({ ...key, expiresAt: storedInstant() });
/** The booking was created; `pending`: it waits for the supplier's answer (an On Request slot or offer). */
export const OctoBookingConfirmed = z.object({
  ...key,
  bookingId: id,
  pending: z.boolean(),
  resellerReference: optionalText(200),
  contact: OctoContact,
  unitItems: z.array(OctoUnitItem).min(1).max(10_000),
  pickup: OctoPickup,
  notes: optionalText(2000),
});
/**
 * What the reseller changed (PATCH): each field stated whole as it now is. `unitItems` (the same units, their
 * references as sent) is absent from updates recorded before PATCH kept them: those left the items as they were.
 */
export const OctoBookingUpdated = z.object({
  ...key,
  resellerReference: optionalText(200),
  contact: OctoContact,
  notes: optionalText(2000),
  pickup: OctoPickup,
  unitItems: z.array(OctoUnitItem).min(1).max(10_000).optional(),
});
/** Cancelled by the reseller: a reservation's hold released, or the confirmed booking cancelled (refund as its policy says). */
export const OctoBookingCancelled = z.object({ ...key, reason: optionalText(500), refund: z.enum(['FULL', 'PARTIAL', 'NONE']) });

export type OctoBookingReservedData = z.infer<typeof OctoBookingReserved>;
export type OctoContactData = z.infer<typeof OctoContact>;
export type OctoPickupData = z.infer<typeof OctoPickup>;
export type OctoUnitItemData = z.infer<typeof OctoUnitItem>;

/** The schema of each event type, by type. */
export const octoEventTypes = { OctoBookingReserved, OctoBookingExtended, OctoBookingConfirmed, OctoBookingUpdated, OctoBookingCancelled };
export type OctoEvent = EventUnion<typeof octoEventTypes>;

const k = { uuid: '3f7a1c52-8d0e-4b1a-9c6f-2e5d7a9b0c14', supplierId: 1, agencyId: 5 };
const contact = { fullName: 'Anna Smirnova', firstName: 'Anna', lastName: 'Smirnova', emailAddress: 'anna@example.com', phoneNumber: '+971501234567', locales: ['en'], postalCode: null, country: 'RU', notes: null };
const pickup = { requested: true, hotelId: 12, hotelName: 'Armani Hotel Dubai', room: '1204' };
const unitItems = [{ uuid: '9b2c4d6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f', unitId: 'adult' as const, resellerReference: null }];
const prices = {
  validPeriodId: 3, adultRecUsd: 40, childRecUsd: 30, tripRecUsd: 0, adultNetUsd: 32, childNetUsd: 24, tripNetUsd: 0,
  adultRecAed: 146, childRecAed: 109.5, tripRecAed: 0, adultNetAed: 116.8, childNetAed: 87.6, tripNetAed: 0,
  commission: 20, commissionSource: 'contract' as const, vat: 5, convRate: 3.65,
};
export const octoEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'OctoBookingReserved',
    version: 1,
    schema: OctoBookingReserved,
    example: {
      ...k, keyId: 2, bookingId: 1003, claimId: '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11', tourId: 4, offerId: 7, timeSlotId: 9,
      departure: { groupId: 3, timeSlotId: null, date: '2026-11-28' }, date: '2026-11-28', availabilityId: '2026-11-28T19:30:00+04:00',
      localDateTimeStart: '2026-11-28T19:30:00+04:00', localDateTimeEnd: '2026-11-28T21:30:00+04:00', allDay: false, openingHours: [],
      unitItems, seats: 1, expiresAt: '2026-11-20T10:30:00.000Z', prices, currency: 'USD', resellerReference: null, notes: null, contact, pickup,
    },
  },
  { type: 'OctoBookingExtended', version: 1, schema: OctoBookingExtended, example: { ...k, expiresAt: '2026-11-20T11:00:00.000Z' } },
  { type: 'OctoBookingConfirmed', version: 1, schema: OctoBookingConfirmed, example: { ...k, bookingId: 1003, pending: false, resellerReference: 'VOUCHER-0123', contact, unitItems, pickup, notes: null } },
  { type: 'OctoBookingUpdated', version: 1, schema: OctoBookingUpdated, example: { ...k, resellerReference: 'VOUCHER-0124', contact, notes: 'Vegetarian', pickup, unitItems } },
  { type: 'OctoBookingCancelled', version: 1, schema: OctoBookingCancelled, example: { ...k, reason: 'Guest changed plans', refund: 'FULL' } },
];
