import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '@tbo/event-schemas';

/**
 * The OCTO standard's errors: HTTP 400 with `{ error: CODE, errorMessage }` and the offending id under its own
 * name (productId, optionId, unitId, availabilityId, uuid); 401 UNAUTHORIZED for no key, 403 FORBIDDEN for a bad one
 * (the key guard's).
 * Thrown by the OCTO routes and rendered as they are by OctoExceptionFilter. Pure.
 */
export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'INTERNAL_SERVER_ERROR';

export class OctoProblem extends Error {
  constructor(
    readonly error: OctoErrorCode,
    message: string,
    readonly extra: Record<string, string> = {},
    readonly status = 400,
  ) {
    super(message);
    this.name = 'OctoProblem';
  }

  get body(): Record<string, string> {
    return { error: this.error, errorMessage: this.message, ...this.extra };
  }
}

/** The standard's own wording where it has one; ours where the reason is more precise. */
export const OCTO_MESSAGES = {
  product: 'The productId was missing or invalid',
  option: 'The optionId was missing or invalid',
  unit: 'The unitId was missing or invalid',
  availability: 'The availabilityId was missing or invalid',
  uuid: 'The uuid was already used, missing or invalid',
  uuidTaken: 'The uuid was already used for a booking of another product, option, availability or unit items: send a new uuid for a new booking',
  expired: 'This reservation has expired',
  cancelled: 'This booking is cancelled',
  dates: 'either localDate, localDateStart/localDateEnd or availabilityIds is required',
  listFilter: 'either resellerReference, supplierReference, localDate or localDateStart/localDateEnd is required',
  reversed: 'localDateEnd must not be before localDateStart',
  years: `dates must be between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`,
  range: (days: number) => `localDateStart to localDateEnd may span at most ${days} days`,
  currency: 'currency must be USD or AED',
  contact: 'contact.fullName, or contact.firstName and contact.lastName, is required to confirm',
  /** The booking keeps the guest's name in at most 200 characters (BookingCreated's guestName). */
  nameTooLong: "contact: the guest's name (fullName, or firstName and lastName with a space between) may have at most 200 characters",
  unitItemsChanged: 'The product, option, availability and unit items of a booking cannot be changed: cancel it and book again',
  notOnHold: 'Only a booking ON_HOLD can be extended',
  confirmedMeanwhile: 'This booking was confirmed meanwhile: cancel it again',
  /** The standard's own example of UNPROCESSABLE_ENTITY. */
  pastCutoff: 'This booking can no longer be cancelled: the cancellation cutoff has elapsed',
  rejected: 'This booking was rejected by the supplier: there is nothing to cancel',
  capability: 'Unknown capability',
} as const;

const OFFENDING_MAX = 100;

/**
 * An offending value as the error names it: a string as it is, a number or boolean written out, anything else
 * (an object or array sent where an id belongs) as JSON, shortened; never by String(), which a JSON object
 * such as {"toString":1} makes throw.
 */
export function offending(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    const json = JSON.stringify(value);
    return typeof json === 'string' ? json.slice(0, OFFENDING_MAX) : '';
  } catch {
    return '';
  }
}

export const invalidProduct = (productId: unknown) => new OctoProblem('INVALID_PRODUCT_ID', OCTO_MESSAGES.product, { productId: offending(productId) });
export const invalidOption = (optionId: unknown) => new OctoProblem('INVALID_OPTION_ID', OCTO_MESSAGES.option, { optionId: offending(optionId) });
export const invalidUnit = (unitId: unknown) => new OctoProblem('INVALID_UNIT_ID', OCTO_MESSAGES.unit, { unitId: offending(unitId) });
export const invalidAvailability = (availabilityId: unknown, message: string = OCTO_MESSAGES.availability) =>
  new OctoProblem('INVALID_AVAILABILITY_ID', message, { availabilityId: offending(availabilityId) });
export const invalidBookingUuid = (uuid: unknown, message: string = OCTO_MESSAGES.uuid) => new OctoProblem('INVALID_BOOKING_UUID', message, { uuid: offending(uuid) });
export const badRequest = (message: string) => new OctoProblem('BAD_REQUEST', message);
export const unprocessable = (message: string) => new OctoProblem('UNPROCESSABLE_ENTITY', message);
