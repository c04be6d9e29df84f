import { z } from 'zod';

/**
 * What Postgres and the read models accept, stated once: the event schemas refuse anything outside it, so an
 * event that a projection would refuse can never be appended (it would otherwise stop or park a read model).
 * The API's input schemas (modules/kernel/src/validation) build on the same numbers.
 */

/** Largest value of a Postgres `integer` column: every id and count in a read table fits one. */
export const PG_INT_MAX = 2_147_483_647;

/** Dates people enter (periods, bookings, sync stamps) and dates we record lie within these years. */
export const DATE_MIN_YEAR = 2000;
export const DATE_MAX_YEAR = 2100;

/** Birth dates go further back: a guest born in 1950 is on a rooming list like anyone else. */
export const BIRTH_MIN_YEAR = 1900;

/** Whether an ISO date-time (or date) with a four-digit year lies within DATE_MIN_YEAR..DATE_MAX_YEAR. */
export function isDateInRange(value: string, minYear = DATE_MIN_YEAR, maxYear = DATE_MAX_YEAR): boolean {
  // Expanded years (+010000-01-01) parse in JavaScript but no person means them, and Postgres refuses some.
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= minYear && year <= maxYear;
}

/** An ISO instant within DATE_MIN_YEAR..DATE_MAX_YEAR. */
export const storedInstant = () =>
  z.iso.datetime().refine((v) => isDateInRange(v), `must be between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`);

/** Text Postgres can store: no NUL, no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}
