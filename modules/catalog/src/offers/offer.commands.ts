import { z } from 'zod';
import { boundedNumber, cancellationOptionInput, idNumber, idOrZero, instantInRange, wholeNumber, type CommandContext } from '@tbo/kernel';
import { COMMISSION_FIELDS, PRICE_FIELDS, type CommissionFieldName, type PriceFieldName } from '../pricing/flat-prices.pure';
import { editedItemFields, flag, intId, text } from '../owned/form-input';
import type { OfferFields, ValidPeriodInput } from './offer';

/** Optional values: null and undefined take the spec 01 §9 default; ranges are checked by the decider (§5 messages). */
const num = (label: string, fallback: number, max = 1_000_000) =>
  boundedNumber(label, -max, max).nullish().transform((v) => v ?? fallback);
/** Counts of people and ages: whole numbers; the decider gives the spec's messages for their ranges. */
const count = (label: string, fallback: number) => wholeNumber(label, -1_000_000, 1_000_000).nullish().transform((v) => v ?? fallback);
const ids = (label: string) => z.array(idNumber(label), { message: `${label} must be a list` }).max(500, `${label} must list at most 500`).nullish().transform((v) => v ?? []);

const ticketType = z.object({
  ticketTypeId: intId('ticketTypeId'),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'Ticket type category must be 0 (Adult), 1 (Child) or 2 (Infant)' }),
});

/** The offer form as the edit screen sends it (the GET shape; id 0 for a new offer; validPeriods and summary fields are ignored). */
export const saveOfferInput = z.object({
  ...editedItemFields,
  validPeriods: z.array(z.unknown()).nullish(),
  pricePerAdultRecUsd: z.unknown().optional(),
  pricePerChildRecUsd: z.unknown().optional(),
  pricePerTripRecUsd: z.unknown().optional(),
  periodEnd: z.unknown().optional(),
  tourId: idOrZero('tourId'),
  nameInternal: text(200, 'Ticket code'),
  nameDisplay: text(200, 'Ticket display name'),
  origin: ids('Origin'),
  minNumOfPeople: count('Minimum number of people', 1),
  maxNumOfPeople: count('Maximum number of people', 0),
  numberOfHours: num('Duration', 0),
  minimumAdvancedPayment: num('Minimum advanced payment', 0),
  isTicketsRequired: flag('isTicketsRequired'),
  ticketsTypes: z.array(ticketType).max(3, 'At most one ticket type per category').nullish().transform((v) => v ?? []),
  childrenAllowed: flag('childrenAllowed'),
  childAge: count('Child age', 12),
  infantsAllowed: flag('infantsAllowed'),
  infantAge: count('Infant age', 3),
  isDirectReporting: flag('isDirectReporting'),
  allowDirectCollection: flag('allowDirectCollection'),
  isAppendTransactionFeeB2b: flag('isAppendTransactionFeeB2b'),
  description: text(100_000, 'Description'),
  notesToClientsPostBooking: text(100_000, 'Notes to clients post booking'),
  heroImageId: idOrZero('heroImageId').nullish().transform((v) => v || null),
  photos: ids('Photos'),
  timeSlots: ids('Time slots'),
  bookingType: z
    .union([z.literal(0), z.literal(1), z.literal(2)], { message: 'bookingType must be 0 (On Request), 1 (Live Book) or 2 (Ticket Only)' })
    .nullish()
    .transform((v) => v ?? 1),
  isOverrideTourCancellationPolicy: flag('isOverrideTourCancellationPolicy'),
  cancellationPolicy: z.array(cancellationOptionInput).max(50, 'A cancellation policy may have at most 50 tiers').nullish().transform((v) => v ?? []),
});
export type SaveOfferInput = z.output<typeof saveOfferInput>;

/** Prices beyond a billion are typing slips, and would lose cents in the read model's doubles. */
const price = boundedNumber('Prices', -1e9, 1e9).nullish().transform((v) => v ?? null);
const commission = boundedNumber('Commission', -1e6, 1e6).nullish().transform((v) => v ?? null);
const priceInputs = Object.fromEntries(PRICE_FIELDS.map((f) => [f, price])) as Record<PriceFieldName, typeof price>;
const commissionInputs = Object.fromEntries(COMMISSION_FIELDS.map((f) => [f, commission])) as Record<CommissionFieldName, typeof commission>;

export const VALID_PERIOD_VERSION_REQUIRED = "The ticket's version is required to change a saved valid period: send the version the editor loaded";

/**
 * A valid period as the screen sends it (id 0 for a new one); VAT and conversion come from the account settings,
 * never from the body. `version` is the offer's (the stream the period lives in) as the editor loaded it: required
 * to change a saved period (a stale one answers 409); a new period needs none, so two people adding periods to one
 * ticket both land.
 */
export const saveValidPeriodInput = z
  .object({
    id: intId('id'),
    version: editedItemFields.version,
    offerId: idNumber('offerId'),
    periodStart: instantInRange('Period start'),
    periodEnd: instantInRange('Period end'),
    minimumAdvancedPayment: boundedNumber('Minimum advanced payment', -1e6, 1e6).nullish().transform((v) => v ?? 0),
    ...priceInputs,
    ...commissionInputs,
    vat: z.unknown().optional(),
    vatK: z.unknown().optional(),
    convRate: z.unknown().optional(),
    convType: z.unknown().optional(),
    defaultCommission: z.unknown().optional(),
    position: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.id > 0 && (v.version === null || v.version === undefined)) ctx.addIssue({ code: 'custom', path: ['version'], message: VALID_PERIOD_VERSION_REQUIRED });
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
    /** The offer's version the editor loaded; checked when an existing period changes (not for a new one). */
    readonly version?: number | null,
  ) {}
}
