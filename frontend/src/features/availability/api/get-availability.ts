import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { rememberPosition, storedPosition } from '../../../lib/read-after';
import { cellKey } from '../availability.logic';
import { availabilitySchema, type Availability, type SavedDeparture } from './availability.schema';

/**
 * The chart's read, GET /api/availability?from=&days=. Read your writes: a change's position is kept in session
 * storage (so even after F5) and sent as ?after=, and the API waits for the availability read model to pass it.
 * The cells this tab changed are remembered as the change answered them; while a read still shows one of them
 * otherwise, it is asked again, briefly (as the tour editor polls for the version its save answered).
 */

export const availabilityKey = (from: string, days: number) => ['availability', from, days] as const;

const AFTER_KEY = 'tbo.availability.after';
const RETRIES = 10;
const RETRY_MS = 200;

/** What this tab's changes made of each cell, for this page's life. */
const expected = new Map<string, Pick<SavedDeparture, 'closed' | 'ownCapacity'>>();

/** Remembers a change: later reads wait for its position and must show the cell as it answered. */
export function rememberDeparture(saved: SavedDeparture): void {
  expected.set(cellKey(saved.groupId, saved.timeSlotId, saved.date), { closed: saved.closed, ownCapacity: saved.ownCapacity });
  rememberPosition(saved.position, AFTER_KEY);
}

/**
 * Whether the grid shows every remembered change that falls in its window. A change seen is forgotten (someone
 * else may change the day later); with `giveUp`, so is one never seen, so a read polls for it only briefly.
 */
function showsChanges(grid: Availability, giveUp: boolean): boolean {
  let shows = true;
  for (const row of grid.rows) {
    for (const day of row.days) {
      const key = cellKey(row.groupId, row.timeSlotId, day.date);
      const want = expected.get(key);
      if (!want) continue;
      if (giveUp || (want.closed === day.closed && want.ownCapacity === day.ownCapacity)) expected.delete(key);
      else shows = false;
    }
  }
  return shows;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function fetchAvailability(from: string, days: number, signal?: AbortSignal): Promise<Availability> {
  for (let attempt = 0; ; attempt++) {
    const after = storedPosition(AFTER_KEY);
    const query = `from=${from}&days=${days}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const grid = await apiCall(availabilitySchema, 'GET', `/api/availability?${query}`, undefined, { signal });
    if (showsChanges(grid, attempt >= RETRIES)) return grid;
    await sleep(RETRY_MS);
  }
}

/** The window's grid; the previous window stays on screen while the next one loads (no flash between weeks). */
export function useAvailability(from: string, days: number) {
  return useQuery({ queryKey: availabilityKey(from, days), queryFn: ({ signal }) => fetchAvailability(from, days, signal), placeholderData: keepPreviousData, staleTime: 10_000 });
}
