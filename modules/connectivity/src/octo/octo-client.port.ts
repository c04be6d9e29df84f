import type { OctoAvailability, OctoProduct } from './octo-schemas';

export type { OctoAvailability, OctoOption, OctoProduct } from './octo-schemas';

/** Where and as whom to call one provider: its OCTO base URL (…/octo) and the API key, in clear only in memory. */
export interface OctoConnection {
  baseUrl: string;
  apiKey: string;
}

export interface OctoAvailabilityQuery {
  productId: string;
  optionId: string;
  /** YYYY-MM-DD, in the product's local time. */
  localDateStart: string;
  localDateEnd: string;
}

/**
 * An upstream provider that speaks OCTO, as the time slot editor needs it. Every failure is an OctoError
 * (octo-errors.ts): unreachable, timeout, an HTTP error with the provider's status, a malformed answer, or an
 * unknown product; all reach the caller as the envelope, never as a 500.
 */
export interface OctoClient {
  /** GET /products */
  products(connection: OctoConnection): Promise<OctoProduct[]>;
  /** GET /products/{id} */
  product(connection: OctoConnection, productId: string): Promise<OctoProduct>;
  /** POST /availability for a date range */
  availability(connection: OctoConnection, query: OctoAvailabilityQuery): Promise<OctoAvailability[]>;
}

export const OCTO_CLIENT = Symbol('OCTO_CLIENT');
