import { z } from 'zod';

/**
 * The parts of OCTO answers we use (OCTO spec: Product, Option, Availability), parsed leniently: unknown fields
 * pass through, optional ones may be missing or null, ids may come as numbers. Providers differ in how strictly
 * they follow the spec, and a field we do not read must never make a provider unusable.
 */
const octoId = z.union([z.string().min(1).max(500), z.number()]).transform(String);
const optionalText = z.string().nullish();

export const OctoOption = z.looseObject({
  id: octoId,
  default: z.boolean().nullish(),
  internalName: optionalText,
  title: optionalText,
  /** Every start time the option may have in availability, 'HH:MM' (OPENING_HOURS products give ['00:00']). */
  availabilityLocalStartTimes: z.array(z.string()).nullish(),
});

export const OctoProduct = z.looseObject({
  id: octoId,
  internalName: optionalText,
  title: optionalText,
  /** START_TIME (fixed departures) or OPENING_HOURS (visit any time the place is open). */
  availabilityType: optionalText,
  timeZone: optionalText,
  options: z.array(OctoOption),
});

export const OctoAvailability = z.looseObject({
  id: octoId,
  /** Local date-time with offset, e.g. 2026-05-01T09:00:00+04:00. */
  localDateTimeStart: z.string(),
  localDateTimeEnd: optionalText,
  allDay: z.boolean().nullish(),
  available: z.boolean().nullish(),
  /** AVAILABLE, FREESALE, SOLD_OUT, LIMITED or CLOSED. */
  status: optionalText,
  vacancies: z.number().nullish(),
  capacity: z.number().nullish(),
  openingHours: z.array(z.looseObject({ from: z.string(), to: z.string() })).nullish(),
});

export const OctoProducts = z.array(OctoProduct);
export const OctoAvailabilities = z.array(OctoAvailability);

export type OctoOption = z.infer<typeof OctoOption>;
export type OctoProduct = z.infer<typeof OctoProduct>;
export type OctoAvailability = z.infer<typeof OctoAvailability>;

/** An OCTO error body: { error: 'INVALID_PRODUCT_ID', errorMessage: '…' }. */
export const OctoErrorBody = z.looseObject({ error: z.string().nullish(), errorMessage: z.string().nullish() });
