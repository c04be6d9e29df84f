import { z } from 'zod';
import { listOrEmpty, numberOrZero, textOrEmpty } from '../../../lib/api-defaults';
import type { UnitPrices } from '@tbo/booking/src/pure/booking-money.pure';

/**
 * The shapes of the add-booking calls (spec 02 §3 New-booking tour, Offer price for new booking, Hotel; the
 * booking design's "Lead implements" list). Optional texts the server may leave out read as ''.
 */

const text = textOrEmpty;
const count = numberOrZero;

/** A list answer that may come back empty as null. */
export const listOf = listOrEmpty;

/** GET /api/agent/hotels/fornewbooking. */
export const hotelSchema = z.object({ id: z.number(), name: z.string(), regionId: z.number().nullish(), regionName: text, cityId: z.number().nullish(), cityName: text });
export type NewBookingHotel = z.infer<typeof hotelSchema>;

export const timeSlotSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: text,
  daysOffered: count,
  isAnyTime: z.boolean().nullish().transform((b) => !!b),
  isNoTime: z.boolean().nullish().transform((b) => !!b),
  startHour: count,
  startMinutes: count,
  endHour: count,
  endMinutes: count,
  /** null: no limit. */
  seatsLeft: z.number().nullable(),
  closed: z.boolean(),
  /** The slot's minimum advance has passed on the date: listed, not choosable. */
  bookingClosed: z.boolean().default(false),
  closesHoursBefore: z.number().default(0),
  isOnRequest: z.boolean().nullish().transform((b) => !!b),
});
export type NewBookingSlot = z.infer<typeof timeSlotSchema>;

export const offerSchema = z.object({
  id: z.number(),
  nameInternal: text,
  nameDisplay: text,
  numberOfHours: z.number().nullish(),
  citiesIds: z.array(z.number()).nullish(),
  daysOffered: count,
  childrenAllowed: z.boolean(),
  childAge: z.number().nullish(),
  infantsAllowed: z.boolean(),
  infantAge: z.number().nullish(),
  minNumOfPeople: z.number().nullish(),
  maxNumOfPeople: z.number().nullish(),
  isOnRequest: z.boolean().nullish().transform((b) => !!b),
  timeSlots: listOf(timeSlotSchema),
});
export type NewBookingOffer = z.infer<typeof offerSchema>;

/** GET /api/agent/tours/fornewbooking?hotelId=&date=. */
export const tourSchema = z.object({ id: z.number(), nameInternal: text, nameDisplay: text, offers: listOf(offerSchema) });
export type NewBookingTour = z.infer<typeof tourSchema>;

export const unitPricesSchema = z.object({
  validPeriodId: z.number(),
  adultRecUsd: z.number(),
  childRecUsd: z.number(),
  tripRecUsd: z.number(),
  adultNetUsd: z.number(),
  childNetUsd: z.number(),
  tripNetUsd: z.number(),
  adultRecAed: z.number(),
  childRecAed: z.number(),
  tripRecAed: z.number(),
  adultNetAed: z.number(),
  childNetAed: z.number(),
  tripNetAed: z.number(),
  commission: z.number(),
  commissionSource: z.enum(['period', 'contract']),
  vat: z.number(),
  convRate: z.number(),
}) satisfies z.ZodType<UnitPrices>;

/** GET /api/agent/offers/price?tourId=&date=: one entry per offer of the tour priced on the date. */
export const offerPriceSchema = z.object({ offerId: z.number(), periodStart: text, periodEnd: text, prices: unitPricesSchema });
export type OfferPrice = z.infer<typeof offerPriceSchema>;

/**
 * GET /api/agent/customers/inHouse?hotelId=&date=: the arrivals issue fills it; read by the fields spec 02 §3
 * names for an arrival (id or arrivalId, touristName or guestName, groupId, groupInfo id), with the group's room at
 * the hotel and the guest's own phones (or touristPhone), which fill the form when the group has no info.
 */
export const inHouseGuestSchema = z
  .object({
    id: z.number().nullish(),
    arrivalId: z.number().nullish(),
    touristName: z.string().nullish(),
    guestName: z.string().nullish(),
    groupId: z.number().nullish(),
    groupInfoId: z.number().nullish(),
    groupInfo: z.object({ id: z.number().nullish() }).nullish(),
    roomNumber: text,
    phoneNumbers: listOf(z.string()),
    touristPhone: text,
  })
  .transform((g) => ({
    arrivalId: g.arrivalId ?? g.id ?? 0,
    guestName: g.guestName ?? g.touristName ?? '',
    groupId: g.groupId ?? null,
    groupInfoId: g.groupInfoId ?? g.groupInfo?.id ?? null,
    roomNumber: g.roomNumber,
    phoneNumbers: g.phoneNumbers.length ? g.phoneNumbers : g.touristPhone ? [g.touristPhone] : [],
  }));
export type InHouseGuest = z.infer<typeof inHouseGuestSchema>;

/** GET /api/agent/customers/groupInfo?hotelId=&groupInfoId=. */
export const groupInfoSchema = z.object({ roomNumber: text, phoneNumbers: listOf(z.string()) });
export type GroupInfo = z.infer<typeof groupInfoSchema>;

/** POST /api/agent/bookings. */
export const createdBookingSchema = z.object({ id: z.number(), status: z.number(), position: z.string().nullish() });
export type CreatedBooking = z.infer<typeof createdBookingSchema>;
