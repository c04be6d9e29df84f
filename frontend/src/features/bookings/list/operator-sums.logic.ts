import type { BookingSums } from '../api/list-operator-bookings';

/** The totals bar under the operator bookings table. */
export interface SumsState {
  /** The sums of the latest answer; null before the first one and after a failed load. */
  sums: BookingSums | null;
  /**
   * The same sums over the rows whose guests are coming (not cancelled or declined), or null when they are the sums
   * themselves: the bar then says nothing more, rather than every count twice.
   */
  coming: BookingSums | null;
  /** The latest load failed: the bar says the totals are not known rather than showing the last query's. */
  failed: boolean;
}

export const NO_SUMS: SumsState = { sums: null, coming: null, failed: false };

export const SUM_KEYS = ['ad', 'ch', 'inf', 'foc'] as const;

/**
 * The coming sums the bar shows beside the sums: all four once any count differs (cancelled or declined guests are
 * in the filter), so no count reads as coming when it is not; none when every filtered guest is coming.
 */
export function comingShown(sums: BookingSums, coming: BookingSums | undefined): BookingSums | null {
  if (!coming) return null;
  return SUM_KEYS.some((k) => coming[k] !== sums[k]) ? coming : null;
}

/**
 * Keeps the totals bar in step with the table's newest request: each request calls `begin`, then `answered` or
 * `failed` with the number it got. An older request's answer never overwrites a newer one's. A failure clears the
 * sums (the grid says its rows are stale; sums of the previous filters next to it would read as the new ones), but an
 * aborted request is no failure: a newer one replaced it and will set the bar.
 */
export function sumsTracker(set: (state: SumsState) => void) {
  let latest = 0;
  return {
    begin: (): number => ++latest,
    answered(seq: number, sums: BookingSums, coming?: BookingSums): void {
      if (seq === latest) set({ sums, coming: comingShown(sums, coming), failed: false });
    },
    failed(seq: number, aborted: boolean): void {
      if (seq === latest && !aborted) set({ ...NO_SUMS, failed: true });
    },
  };
}
