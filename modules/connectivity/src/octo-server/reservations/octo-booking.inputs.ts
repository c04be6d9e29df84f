import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OctoContactData, OctoUnitItemData } from '@tbo/event-schemas';
import { badRequest, invalidBookingUuid, invalidProduct, invalidOption, invalidAvailability, invalidUnit, OCTO_MESSAGES } from '../pure/octo-problem.pure';
import { currencyOf, type OctoCurrency } from '../pure/octo-pricing.pure';
import { OCTO_UNIT_IDS, type OctoUnitId } from '../pure/octo-units.pure';

/**
 * The bodies of the booking routes (BookingReservationBody, BookingConfirmationBody, BookingUpdateBody,
 * ExtendReservationBody, BookingCancellationBody, with octo/pickups' fields), parsed into what the commands need.
 * A wrong type is BAD_REQUEST; a missing or unknown product, option, availability or unit is the standard's own
 * error; unknown fields are ignored, as OCTO clients send extensions.
 */

export const EXPIRATION_MINUTES_DEFAULT = 30;
/** A hold longer than a day keeps seats from the agents for no sale: the reseller extends instead. */
export const EXPIRATION_MINUTES_MAX = 24 * 60;

const text = (max: number) => z.string().max(max);
/**
 * What the booking made on confirmation keeps (BookingCreated, BookingGuestAmended): the reference as its voucher
 * in 100 characters, the guest's name in 200. A longer one is refused here, before any seat is held or taken,
 * rather than by the booking's append after the hold was turned into its seats.
 */
export const RESELLER_REFERENCE_MAX = 100;
export const GUEST_NAME_MAX = 200;
const resellerReference = text(RESELLER_REFERENCE_MAX).nullish();
const contact = z
  .looseObject({
    fullName: text(GUEST_NAME_MAX).nullish(),
    firstName: text(100).nullish(),
    lastName: text(100).nullish(),
    // The booking's contact for the guest: an address that is none is refused, not kept ('' is none given).
    emailAddress: text(320)
      .refine((v) => v.trim() === '' || z.email().safeParse(v.trim()).success, 'must be an email address')
      .nullish(),
    phoneNumber: text(50).nullish(),
    locales: z.array(text(35)).max(20).nullish(),
    postalCode: text(20).nullish(),
    country: text(60).nullish(),
    notes: text(2000).nullish(),
  })
  .nullish();
const unitItem = z.looseObject({ uuid: z.string().max(100).nullish(), unitId: z.unknown().optional(), resellerReference: text(200).nullish() });
const pickupFields = {
  pickupRequested: z.boolean().nullish(),
  pickupPointId: z.union([z.string().max(20), z.number().int()]).nullish(),
  pickupHotel: text(200).nullish(),
  pickupHotelRoom: text(50).nullish(),
};
const expirationMinutes = z.number().int().min(1).max(EXPIRATION_MINUTES_MAX).nullish();

const reserveBody = z.looseObject({
  uuid: z.unknown().optional(),
  productId: z.unknown().optional(),
  optionId: z.unknown().optional(),
  availabilityId: z.unknown().optional(),
  expirationMinutes,
  notes: text(2000).nullish(),
  unitItems: z.array(unitItem).max(500).nullish(),
  currency: z.unknown().optional(),
  resellerReference,
  contact,
  ...pickupFields,
});
const confirmBody = z.looseObject({ resellerReference, contact, unitItems: z.array(unitItem).max(500).nullish(), notes: text(2000).nullish(), emailReceipt: z.boolean().nullish(), ...pickupFields });
const updateBody = confirmBody.extend({ productId: z.unknown().optional(), optionId: z.unknown().optional(), availabilityId: z.unknown().optional(), expirationMinutes });
const extendBody = z.looseObject({ expirationMinutes });
const cancelBody = z.looseObject({ reason: text(500).nullish(), force: z.boolean().nullish() });

type Contact = z.infer<typeof contact>;

const why = (e: z.ZodError) => {
  const i = e.issues[0]!;
  return `${i.path.join('.') || 'body'}: ${i.message}`;
};
function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw badRequest(why(parsed.error));
  return parsed.data;
}

/**
 * The bookings list's query parameters, each taken once: one sent twice (`?localDate=…&localDate=…`, which
 * Express hands on as a list) is BAD_REQUEST saying so, not that the list is no date or no reference. Parameters
 * the list does not read are ignored, as OCTO clients send extensions.
 */
export const BOOKING_LIST_PARAMS = ['resellerReference', 'supplierReference', 'localDate', 'localDateStart', 'localDateEnd', 'productId', 'optionId'] as const;
export function checkBookingListQuery(q: Partial<Record<(typeof BOOKING_LIST_PARAMS)[number], unknown>>): void {
  const repeated = BOOKING_LIST_PARAMS.find((k) => Array.isArray(q[k]));
  if (repeated) throw badRequest(`${repeated} must be given once`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A booking uuid from a path or a body, lower case; INVALID_BOOKING_UUID when it is not one. */
export function bookingUuid(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw invalidBookingUuid(value);
  return value.toLowerCase();
}

/**
 * The contact as stored: every field, null where none was sent; a full name from first and last when absent.
 * A first or last name sent without a full name renames the guest: OCTO's fullName is the two together (the
 * option asks for firstName and lastName), so the one kept from before would name someone else.
 * BAD_REQUEST when the name the booking would take is longer than it keeps (first and last name of 100
 * characters each, or one sent now beside one kept from before).
 */
export function contactOf(c: Contact, base?: OctoContactData | null): OctoContactData {
  const pick = <K extends keyof OctoContactData>(k: K) => (c && c[k] !== undefined ? (c[k] ?? null) : (base?.[k] ?? null));
  const firstName = pick('firstName') as string | null;
  const lastName = pick('lastName') as string | null;
  const renamed = !!c && c.fullName === undefined && (c.firstName !== undefined || c.lastName !== undefined);
  const given = renamed ? null : (pick('fullName') as string | null);
  const fullName = given?.trim() || [firstName, lastName].filter((x) => x?.trim()).join(' ').trim() || null;
  if (fullName && fullName.length > GUEST_NAME_MAX) throw badRequest(OCTO_MESSAGES.nameTooLong);
  return {
    fullName,
    firstName,
    lastName,
    emailAddress: pick('emailAddress') as string | null,
    phoneNumber: pick('phoneNumber') as string | null,
    locales: (c?.locales ?? base?.locales ?? []) as string[],
    postalCode: pick('postalCode') as string | null,
    country: pick('country') as string | null,
    notes: pick('notes') as string | null,
  };
}

export interface PickupAsked {
  requested: boolean;
  /** A hotel of our list (the pick-up point's id), or null. */
  hotelId: number | null;
  hotelName: string | null;
  room: string | null;
}

function pickupOf(b: { pickupRequested?: boolean | null; pickupPointId?: string | number | null; pickupHotel?: string | null; pickupHotelRoom?: string | null }): Partial<PickupAsked> {
  const out: Partial<PickupAsked> = {};
  if (b.pickupRequested !== undefined && b.pickupRequested !== null) out.requested = b.pickupRequested;
  if (b.pickupPointId !== undefined) {
    const id = b.pickupPointId === null || b.pickupPointId === '' ? null : Number(b.pickupPointId);
    if (id !== null && (!Number.isInteger(id) || id <= 0)) throw badRequest('pickupPointId: not a pick-up point of this option');
    out.hotelId = id;
  }
  if (b.pickupHotel !== undefined) out.hotelName = b.pickupHotel?.trim() || null;
  if (b.pickupHotelRoom !== undefined) out.room = b.pickupHotelRoom?.trim() || null;
  return out;
}

/** A unit item as sent: its uuid null when none was (a reservation gives it one; a change keeps the item's). */
export type SentUnitItem = Omit<OctoUnitItemData, 'uuid'> & { uuid: string | null };

function unitItemsOf(items: z.infer<typeof unitItem>[]): SentUnitItem[] {
  const out = items.map((u) => {
    if (typeof u.unitId !== 'string' || !(OCTO_UNIT_IDS as readonly string[]).includes(u.unitId)) throw invalidUnit(u.unitId);
    if (u.uuid && !UUID.test(u.uuid)) throw badRequest('unitItems.uuid: must be a UUID');
    return { uuid: u.uuid ? u.uuid.toLowerCase() : null, unitId: u.unitId as OctoUnitId, resellerReference: u.resellerReference?.trim() || null };
  });
  // A uuid names one item: twice, two items would answer as one.
  const named = out.flatMap((u) => (u.uuid ? [u.uuid] : []));
  if (new Set(named).size !== named.length) throw badRequest('unitItems.uuid: each unit item needs its own uuid');
  return out;
}

export interface ReserveInput {
  uuid: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  expirationMinutes: number;
  notes: string | null;
  unitItems: OctoUnitItemData[];
  currency: OctoCurrency;
  resellerReference: string | null;
  contact: OctoContactData;
  pickup: PickupAsked;
}

export function reserveInput(raw: unknown): ReserveInput {
  const b = parse(reserveBody, raw);
  const uuid = b.uuid === undefined || b.uuid === null ? randomUUID() : bookingUuid(b.uuid);
  if (typeof b.productId !== 'string' || !b.productId) throw invalidProduct(b.productId);
  if (typeof b.optionId !== 'string' || !b.optionId) throw invalidOption(b.optionId);
  if (typeof b.availabilityId !== 'string' || !b.availabilityId) throw invalidAvailability(b.availabilityId);
  if (!b.unitItems?.length) throw badRequest('unitItems: at least one unit item is required');
  const currency = currencyOf(b.currency);
  if (!currency) throw badRequest('currency must be USD or AED');
  const pickup = pickupOf(b);
  return {
    uuid,
    productId: b.productId,
    optionId: b.optionId,
    availabilityId: b.availabilityId,
    expirationMinutes: b.expirationMinutes ?? EXPIRATION_MINUTES_DEFAULT,
    notes: b.notes?.trim() || null,
    unitItems: unitItemsOf(b.unitItems).map((u) => ({ ...u, uuid: u.uuid ?? randomUUID() })),
    currency,
    resellerReference: b.resellerReference?.trim() || null,
    contact: contactOf(b.contact),
    pickup: { requested: pickup.requested ?? !!pickup.hotelId, hotelId: pickup.hotelId ?? null, hotelName: pickup.hotelName ?? null, room: pickup.room ?? null },
  };
}

/** What a confirmation or an update may change; absent fields keep what the reservation has. */
export interface ChangeInput {
  resellerReference?: string | null;
  contact?: Contact;
  /** Stated whole: the same units as reserved (the seats held are for those), each with the reference sent. */
  unitItems?: SentUnitItem[];
  notes?: string | null;
  pickup: Partial<PickupAsked>;
  /** Update only: the product, option and availability the reseller sent (they must be the reservation's). */
  productId?: unknown;
  optionId?: unknown;
  availabilityId?: unknown;
  expirationMinutes?: number | null;
}

function changeOf(b: z.infer<typeof confirmBody>): ChangeInput {
  const out: ChangeInput = { pickup: pickupOf(b) };
  if (b.resellerReference !== undefined) out.resellerReference = b.resellerReference?.trim() || null;
  if (b.contact !== undefined) out.contact = b.contact;
  if (b.unitItems) out.unitItems = unitItemsOf(b.unitItems);
  if (b.notes !== undefined) out.notes = b.notes?.trim() || null;
  return out;
}

export const confirmInput = (raw: unknown): ChangeInput => changeOf(parse(confirmBody, raw));

export function updateInput(raw: unknown): ChangeInput {
  const b = parse(updateBody, raw);
  return { ...changeOf(b), productId: b.productId, optionId: b.optionId, availabilityId: b.availabilityId, expirationMinutes: b.expirationMinutes };
}

export const extendInput = (raw: unknown): number => parse(extendBody, raw).expirationMinutes ?? EXPIRATION_MINUTES_DEFAULT;

export function cancelInput(raw: unknown): { reason: string | null } {
  return { reason: parse(cancelBody, raw).reason?.trim() || null };
}
