import { z } from 'zod';
import type { CommandContext } from '@tbo/kernel';
import type { OfferFields, ValidPeriodInput } from './offer';

/** Optional values: null and undefined take the spec 01 §9 default; ranges are checked by the decider (§5 messages). */
const text = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
const num = (label: string, fallback: number) => z.number({ message: `${label} must be a number` }).nullish().transform((v) => v ?? fallback);
const flag = (label: string) => z.boolean({ message: `${label} must be true or false` }).nullish().transform((v) => v ?? false);
const intId = (label: string) => z.number({ message: `${label} must be a number` }).int().min(0).nullish().transform((v) => v ?? 0);
const ids = (label: string) =>
  z.array(z.number({ message: `${label} must be numbers` }).int().positive(`${label} must be numbers`), { message: `${label} must be a list` }).max(500).nullish().transform((v) => v ?? []);

const ticketType = z.object({
  ticketTypeId: intId('ticketTypeId'),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'Ticket type category must be 0 (Adult), 1 (Child) or 2 (Infant)' }),
});
const cancellationOption = z.object({
  hours: z.number({ message: 'Cancellation policy: hours must be a number' }),
  percents: z.number({ message: 'Cancellation policy: refund percent must be a number' }),
});

/** The offer form as the edit screen sends it (the GET shape; id 0 for a new offer; validPeriods and summary fields are ignored). */
export const saveOfferInput = z.object({
  id: intId('id'),
  version: z.number().int().min(0).nullish(),
  position: z.string().nullish(),
  isDeleted: z.boolean().nullish(),
  validPeriods: z.array(z.unknown()).nullish(),
  pricePerAdultRecUsd: z.unknown().optional(),
  pricePerChildRecUsd: z.unknown().optional(),
  pricePerTripRecUsd: z.unknown().optional(),
  periodEnd: z.unknown().optional(),
  tourId: z.number({ message: 'tourId must be a number' }).int().min(0),
  nameInternal: text(200, 'Ticket code'),
  nameDisplay: text(200, 'Ticket display name'),
  origin: ids('Origin'),
  minNumOfPeople: num('Minimum number of people', 1),
  maxNumOfPeople: num('Maximum number of people', 0),
  numberOfHours: num('Duration', 0),
  minimumAdvancedPayment: num('Minimum advanced payment', 0),
  isTicketsRequired: flag('isTicketsRequired'),
  ticketsTypes: z.array(ticketType).max(3, 'At most one ticket type per category').nullish().transform((v) => v ?? []),
  childrenAllowed: flag('childrenAllowed'),
  childAge: num('Child age', 12),
  infantsAllowed: flag('infantsAllowed'),
  infantAge: num('Infant age', 3),
  isDirectReporting: flag('isDirectReporting'),
  allowDirectCollection: flag('allowDirectCollection'),
  isAppendTransactionFeeB2b: flag('isAppendTransactionFeeB2b'),
  description: text(100_000, 'Description'),
  notesToClientsPostBooking: text(100_000, 'Notes to clients post booking'),
  heroImageId: z.number().int().min(0).nullish().transform((v) => v || null),
  photos: ids('Photos'),
  timeSlots: ids('Time slots'),
  bookingType: z
    .union([z.literal(0), z.literal(1), z.literal(2)], { message: 'bookingType must be 0 (On Request), 1 (Live Book) or 2 (Ticket Only)' })
    .nullish()
    .transform((v) => v ?? 1),
  isOverrideTourCancellationPolicy: flag('isOverrideTourCancellationPolicy'),
  cancellationPolicy: z.array(cancellationOption).max(50).nullish().transform((v) => v ?? []),
});
export type SaveOfferInput = z.output<typeof saveOfferInput>;

const price = z.number({ message: 'Prices must be numbers' }).nullish().transform((v) => v ?? null);
const commission = z.number({ message: 'Commission must be a number' }).nullish().transform((v) => v ?? null);
const instant = (label: string) => z.string({ message: `${label} is required` }).refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date`);

/** A valid period as the screen sends it (id 0 for a new one); VAT and conversion come from the account settings, never from the body. */
export const saveValidPeriodInput = z.object({
  id: intId('id'),
  offerId: z.number({ message: 'offerId must be a number' }).int().positive('offerId is required'),
  periodStart: instant('Period start'),
  periodEnd: instant('Period end'),
  minimumAdvancedPayment: z.number({ message: 'Minimum advanced payment must be a number' }).nullish().transform((v) => v ?? 0),
  pricePerAdultRecAedVat: price, pricePerAdultRecAed: price, pricePerAdultRecUsdVat: price, pricePerAdultRecUsd: price,
  pricePerChildRecAedVat: price, pricePerChildRecAed: price, pricePerChildRecUsdVat: price, pricePerChildRecUsd: price,
  pricePerTripRecAedVat: price, pricePerTripRecAed: price, pricePerTripRecUsdVat: price, pricePerTripRecUsd: price,
  pricePerAdultNetAedVat: price, pricePerAdultNetAed: price, pricePerAdultNetUsdVat: price, pricePerAdultNetUsd: price,
  pricePerChildNetAedVat: price, pricePerChildNetAed: price, pricePerChildNetUsdVat: price, pricePerChildNetUsd: price,
  pricePerTripNetAedVat: price, pricePerTripNetAed: price, pricePerTripNetUsdVat: price, pricePerTripNetUsd: price,
  netCommissionPerAdult: commission,
  netCommissionPerChild: commission,
  netCommissionPerTrip: commission,
  vat: z.unknown().optional(),
  vatK: z.unknown().optional(),
  convRate: z.unknown().optional(),
  convType: z.unknown().optional(),
  defaultCommission: z.unknown().optional(),
  position: z.unknown().optional(),
});
export type SaveValidPeriodInput = z.output<typeof saveValidPeriodInput>;

export class SaveOfferCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly offer: OfferFields,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}

export class DeleteOfferCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly restore: boolean,
    readonly context: CommandContext,
  ) {}
}

export class SaveValidPeriodCommand {
  constructor(
    readonly supplierId: number,
    readonly period: ValidPeriodInput,
    readonly context: CommandContext,
  ) {}
}
