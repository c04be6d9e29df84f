import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { withDeparture } from '../availability.logic';
import { savedDepartureSchema, type Availability, type SavedDeparture } from './availability.schema';
import { rememberDeparture } from './get-availability';

/** Which departure: a group's (timeSlotId null) or an independent slot's, on a business date. */
export interface DepartureRef {
  groupId: number;
  timeSlotId: number | null;
  date: string;
}

export type DepartureChange = { kind: 'close' } | { kind: 'reopen' } | { kind: 'capacity'; capacity: number | null };

/**
 * POST /api/availability/close, /reopen or /capacity. Silent: the cell's dialog shows a refusal (a past date,
 * a capacity below the seats taken) itself.
 */
export async function changeDeparture(ref: DepartureRef, change: DepartureChange): Promise<SavedDeparture> {
  const body = change.kind === 'capacity' ? { ...ref, capacity: change.capacity } : ref;
  const saved = await apiCall(savedDepartureSchema, 'POST', `/api/availability/${change.kind}`, body, { silent: true });
  rememberDeparture(saved);
  return saved;
}

/** A change, shown at once in every cached window (as the answer states the cell), then read again from the read model. */
export function useChangeDeparture() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, change }: { ref: DepartureRef; change: DepartureChange }) => changeDeparture(ref, change),
    onSuccess: (saved) => {
      client.setQueriesData<Availability>({ queryKey: ['availability'] }, (grid) => (grid ? withDeparture(grid, saved) : grid));
      void client.invalidateQueries({ queryKey: ['availability'] });
    },
  });
}
