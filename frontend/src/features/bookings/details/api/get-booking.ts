import { useQuery } from '@tanstack/react-query';
import { apiCall, ApiError } from '../../../../lib/api-client';
import { afterQuery, rememberPosition, versionFloors } from '../../../../lib/read-after';
import { bookingViewSchema, type BookingView } from './booking-view.schema';

export const bookingKey = (id: number) => ['bookings', 'item', id] as const;

/** Session storage key of the position of this tab's last change of the booking (lib/read-after). */
const afterKey = (id: number) => `tbo.booking.${id}.after`;

/** The versions this page's actions answered: a read that shows less is asked again, briefly. */
const floors = versionFloors();

/** After an action: the next reads wait for the details read model to pass its position and show its version. */
export function expectBooking(id: number, version: number, position: string | null): void {
  floors.expect(id, version);
  rememberPosition(position, afterKey(id));
}

const RETRIES = 10;
const RETRY_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /api/bookings/{id}[?after=]: the booking from its details read model. Silent: the panel shows a failure in place. */
export async function fetchBooking(id: number, signal?: AbortSignal): Promise<BookingView> {
  for (let attempt = 0; ; attempt++) {
    const view = await apiCall(bookingViewSchema, 'GET', `/api/bookings/${id}${afterQuery(afterKey(id))}`, undefined, { signal, silent: true });
    const floor = floors.expected(id);
    if (floor === undefined || view.version >= floor || attempt >= RETRIES) return view;
    await sleep(RETRY_MS);
  }
}

/** A booking the list already shows may reach the details read model a moment later: a 404 is asked again, briefly. */
const retryNotFound = (failures: number, err: Error) => err instanceof ApiError && err.code === 404 && failures < 3;

export function useBooking(id: number) {
  return useQuery({ queryKey: bookingKey(id), queryFn: ({ signal }) => fetchBooking(id, signal), retry: retryNotFound, retryDelay: 400, staleTime: 5_000 });
}
