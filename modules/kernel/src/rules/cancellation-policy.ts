import { z } from 'zod';
import { ValidationError } from '../errors/app-error';
import { MAX_CANCELLATION_HOURS } from '../validation/input-limits';

/**
 * The cancellation policy rule shared by the supplier's default policy and the tours and offers that override
 * it (spec 01 §5), kept here so neither module reaches into the other for it.
 */
export type CancellationOption = { hours: number; percents: number };

export const CANCELLATION_POLICY_MESSAGES = {
  zero: 'Cancellation policy: hours and refund percent must both be above 0',
  hours: 'Cancellation policy: hours must be a whole number of at least 1',
  percents: 'Cancellation policy: refund percent must be between 1 and 100',
  tooLong: `Cancellation policy: hours must be at most ${MAX_CANCELLATION_HOURS} (one year)`,
} as const;

/** The first rule a policy row breaks, or null (spec 01 §5: a row with 0 hours or 0 percents is not saved). */
export function cancellationRowProblem(row: CancellationOption): string | null {
  if (!(row.hours > 0) || !(row.percents > 0)) return CANCELLATION_POLICY_MESSAGES.zero;
  if (row.hours > MAX_CANCELLATION_HOURS) return CANCELLATION_POLICY_MESSAGES.tooLong;
  if (!Number.isInteger(row.hours)) return CANCELLATION_POLICY_MESSAGES.hours;
  if (row.percents < 1 || row.percents > 100) return CANCELLATION_POLICY_MESSAGES.percents;
  return null;
}

/**
 * Rows ordered by hours, longest notice first (the order refunds are looked up in). Rows with
 * the same hours are kept, in the order given: the spec's duplicate-hours check "has no effect".
 */
export function normalizeCancellationPolicy(rows: CancellationOption[]): CancellationOption[] {
  for (const row of rows) {
    const problem = cancellationRowProblem(row);
    if (problem) throw new ValidationError(problem, { cancellationPolicy: [problem] });
  }
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.hours - a.r.hours || a.i - b.i)
    .map(({ r }) => ({ hours: r.hours, percents: r.percents }));
}

/**
 * One row as the screens send it. Only what no policy could mean (1e308 hours) is refused here, so the
 * deciders give the spec's messages for everything else.
 */
export const cancellationOptionInput = z.object({
  hours: z
    .number({ message: 'Cancellation policy: hours must be a number' })
    .refine((v) => Math.abs(v) <= MAX_CANCELLATION_HOURS * 1000, CANCELLATION_POLICY_MESSAGES.tooLong),
  percents: z
    .number({ message: 'Cancellation policy: refund percent must be a number' })
    .refine((v) => Math.abs(v) <= 1e6, CANCELLATION_POLICY_MESSAGES.percents),
});
