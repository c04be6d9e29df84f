import { z } from 'zod';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, ID_LIST_MAX, isDateInRange, PG_INT_MAX } from './input-limits';
import { textProblem } from './text-problems';

/**
 * The zod pieces every module's input schemas are built from, so ids, counts and dates have one definition of
 * what Postgres and the domain accept (spec field messages stay in each module's own schemas and deciders).
 */

/**
 * Text checked as the input guard checks every route's input (textProblem), named after its field: for schemas that
 * also read input the guard does not see (a sheet's cells, a list's query parsed again for its export).
 */
export const storableText = (label: string) => (value: string, ctx: z.RefinementCtx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
};

/** A number field's first message: left out is 'required', anything but a number 'must be a number'. */
const numberType = (label: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) });

/** An id that must be given: a whole number 1..2,147,483,647. */
export const idNumber = (label: string) =>
  z
    .number(numberType(label))
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(PG_INT_MAX, `${label} is not a known id`);

/** An id or 0 (a new item, or none chosen): a whole number 0..2,147,483,647. */
export const idOrZero = (label: string) =>
  z
    .number(numberType(label))
    .int(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`)
    .max(PG_INT_MAX, `${label} is not a known id`);

/** A count (people, ages, minutes): a whole number in [min, max]. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number(numberType(label))
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * A whole number read from text (`?page=2`), or from a body that carries the query's fields (the list exports send
 * `"pageSize": "50"`): a number, or decimal digits. Anything else is refused, not guessed at: Number() would take
 * true, [2], null, '' and '0x10' for numbers. A value of another type is 'X must be a number', text that is not
 * decimal digits 'X must be a whole number'.
 */
export const wholeNumberQuery = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^[+-]?\d+(\.\d+)?$/.test(v) ? finiteNumber(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : typeof issue.input === 'string' ? `${label} must be a whole number` : `${label} must be a number`) })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
/** Digits as a number; past the safe integers, the largest one (so the range check words it, not the type check). */
const finiteNumber = (digits: string): number => {
  const n = Number(digits);
  return Math.abs(n) > Number.MAX_SAFE_INTEGER ? Math.sign(n) * Number.MAX_SAFE_INTEGER : n;
};

/** The version of an item the client edited (a newer one on the server answers 409 instead of overwriting). */
export const editedVersion = () => wholeNumber('version', 0, PG_INT_MAX);

/** Any number within [min, max] (coordinates, prices, percents): never Infinity or values no column holds. */
export const boundedNumber = (label: string, min: number, max: number) =>
  z
    .number(numberType(label))
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/** An id in the address (`/api/photos/{id}`): digits only, within range, else 400 with the label. */
export const idParam = (label = 'id') =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a positive whole number`)
    .transform(Number)
    .pipe(idNumber(label));

/** An ISO date-time a person chose, within DATE_MIN_YEAR..DATE_MAX_YEAR. */
export const instantInRange = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a date`) })
    .refine((v) => isInstant(v), `${label} must be a date`)
    .refine((v) => !isInstant(v) || isDateInRange(v), `${label} must be between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`);
const isInstant = (v: string) => v.length <= 40 && !Number.isNaN(Date.parse(v));

/** The message for a list of ids longer than ID_LIST_MAX (the validation pipe puts the field's name before it). */
export const ID_LIST_TOO_LONG = `A list may hold at most ${ID_LIST_MAX} ids`;

/**
 * A list of ids in a query: `1,2`, repeated `x=1&x=2`, or a JSON list in a POST body → numbers; at most ID_LIST_MAX.
 * `label` names the field in its messages ('hotelIds must be a list of ids'); without one they are worded for the
 * validation pipe to put the field's name before them.
 */
export const idListOf = (label?: string) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { message: label ? `${label} must be a list of ids` : 'Send a list of ids' })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((p) => String(p).split(',')).map((p) => p.trim()).filter(Boolean);
      if (parts.length > ID_LIST_MAX) {
        ctx.addIssue({ code: 'custom', message: label ? `${label} must list at most ${ID_LIST_MAX} ids` : ID_LIST_TOO_LONG });
        return z.NEVER;
      }
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 0 || n > PG_INT_MAX)) {
        ctx.addIssue({ code: 'custom', message: `Ids must be whole numbers from 0 to ${PG_INT_MAX}` });
        return z.NEVER;
      }
      return ids;
    });
export const idList = idListOf();

/** YYYY-MM-DD naming a real day (2026-02-30 and 2026-13-01 are not). */
function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
}

/** A business date typed or sent as YYYY-MM-DD (Dubai dates: no time zone applies), a real calendar day. */
export const businessDateInput = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)`) })
    .refine((v) => isCalendarDate(v), `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !isCalendarDate(v) || isDateInRange(v), `${label} must be between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`);
