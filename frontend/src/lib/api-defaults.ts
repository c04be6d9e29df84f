import { z } from 'zod';

/**
 * Fields an API answer may leave out or send as null, read as their empty value so a screen never meets
 * `undefined`.
 */

/** The schema, with `fallback` for a left-out or null value. */
const orElse = <S extends z.ZodTypeAny, D>(schema: S, fallback: D) => schema.nullish().transform((v): NonNullable<z.output<S>> | D => v ?? fallback);

/** A number or null. */
export const numberOrNull = orElse(z.number(), null);

/** A number (a count, an amount), 0 when absent. */
export const numberOrZero = orElse(z.number(), 0);

/** Text or null (a stream position the API may not know yet). */
export const textOrNull = orElse(z.string(), null);

/** Text, '' when absent. */
export const textOrEmpty = orElse(z.string(), '');

/** A flag, false when absent. */
export const flagOrFalse = orElse(z.boolean(), false);

/** A list, [] when absent. */
export const listOrEmpty = <S extends z.ZodTypeAny>(item: S) => orElse(z.array(item), [] as z.output<S>[]);
