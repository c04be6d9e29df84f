/**
 * The cancellation policy's rules (spec 01 §2, §5), kept pure for the unit tests and for the pages that save a
 * policy (business profile defaults now, tours and offers later).
 */
export interface PolicyRow {
  /** Hours before the start; at least 1 for a savable row. */
  hours: number;
  /** Refund percent; at least 1 for a savable row. */
  percents: number;
}

/** Limits of the inline inputs (the table number field is bounded 0 to 9999, spec 01 §5; a refund is at most 100 %). */
export const POLICY_HOURS_MAX = 9999;
export const POLICY_PERCENTS_MAX = 100;

/** The table's fixed height in pixels (spec 01 §2). */
export const POLICY_TABLE_HEIGHT = 150;

/** A row is savable only when both hours and percents are non-zero (spec 01 §5). */
export function isSavablePolicyRow(row: { hours: number | null | undefined; percents: number | null | undefined }): boolean {
  const { hours, percents } = row;
  return typeof hours === 'number' && typeof percents === 'number' && Number.isFinite(hours) && Number.isFinite(percents) && hours !== 0 && percents !== 0;
}

/**
 * What may be saved: the rows with non-zero hours and percents, in their order, as plain {hours, percents}
 * (no editor bookkeeping). A row with 0 (or missing) hours or percents is flagged in the editor and left out here.
 */
export function savablePolicyRows(rows: readonly { hours: number | null | undefined; percents: number | null | undefined }[] | null | undefined): PolicyRow[] {
  return (rows ?? []).filter(isSavablePolicyRow).map((r) => ({ hours: r.hours as number, percents: r.percents as number }));
}

/** Whether two policies hold the same rows in the same order. */
export function samePolicy(a: readonly PolicyRow[], b: readonly PolicyRow[]): boolean {
  return a.length === b.length && a.every((r, i) => r.hours === b[i]!.hours && r.percents === b[i]!.percents);
}
