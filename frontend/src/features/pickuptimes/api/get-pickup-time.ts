import { useQuery } from '@tanstack/react-query';
import { readParsedItem } from '../../../app/catalog/item-read';
import i18n from '../../../i18n/i18n';
import { pickUpTimeSchema, type PickUpTime } from './pickup-time.schema';
import { expectedPickUpTimeVersion, itemAfterQuery } from './read-after';

export const pickUpTimeKey = (id: number) => ['pickuptimes', 'item', id] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRIES = 10;
const RETRY_MS = 200;

/**
 * GET /api/pickuptimes/{id}. Spec 02 §8: not found, or another supplier's, is notified as 'Not found' / 'Time slot
 * group not found or you are not allowed to manage it' and thrown (the page then goes to /timeslots).
 */
export async function fetchPickUpTime(id: number, signal?: AbortSignal): Promise<PickUpTime> {
  const notFound = { title: i18n.t('pickuptimes:notFound.title'), message: i18n.t('pickuptimes:notFound.message'), codes: [403] };
  const want = expectedPickUpTimeVersion(id);
  for (let attempt = 0; ; attempt++) {
    const item = await readParsedItem(pickUpTimeSchema, `/api/pickuptimes/${id}${itemAfterQuery(id)}`, notFound, signal);
    if (want === undefined || item.version === null || item.version >= want || attempt >= RETRIES) return item;
    await sleep(RETRY_MS);
  }
}

/** The form owns the data once loaded: no background refetch; a reload is explicit. */
export function usePickUpTime(id: number) {
  return useQuery({ queryKey: pickUpTimeKey(id), queryFn: ({ signal }) => fetchPickUpTime(id, signal), enabled: id > 0, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
}
