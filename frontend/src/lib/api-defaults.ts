import { z } from 'zod';

/**
 * Fields an API answer may leave out or send as null, read as their empty value so a screen never meets
 * `undefined`.
 */

/** A number or null. */
export const numberOrNull = z
  .number()
  .nullish()
  .transform((v) => v ?? null);

/** A number (a count, an amount), 0 when absent. */
export const numberOrZero = z
  .number()
  .nullish()
  .transform((v) => v ?? 0);

/** Text or null (a stream position the API may not know yet). */
export const textOrNull = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** Text, '' when absent. */
export const textOrEmpty = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** A flag, false when absent. */
export const flagOrFalse = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);

/** A list, [] when absent. */
export const listOrEmpty = <S extends z.ZodTypeAny>(item: S) =>
  z
    .array(item)
    .nullish()
    .transform((v): z.output<S>[] => v ?? []);
