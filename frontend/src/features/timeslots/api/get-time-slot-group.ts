import { useQuery } from '@tanstack/react-query';
import { readParsedItem } from '../../../app/catalog/item-read';
import i18n from '../../../i18n/i18n';
import { afterQuery, rememberPosition, versionFloors } from '../../../lib/read-after';
import { timeSlotGroupSchema, type TimeSlot, type TimeSlotGroup } from './time-slot.schema';

/**
 * One time slot group with its time slots (GET /api/timeslots/groups/{id}), read by the group editor and the slot
 * editor alike (one cache entry). A read right after a change of this tab waits for what the change wrote: the
 * position is kept in session storage (so even after F5) and sent as ?after=, and when a save answered a newer
 * version than a read shows, the read is asked again, briefly.
 */

export const groupKey = (id: number) => ['timeslots', 'group', id] as const;

const afterKey = (id: number) => `tbo.timeslotgroup.${id}.after`;
/** The list waits for the last change of any group. */
const LIST_AFTER_KEY = 'tbo.timeslotgroups.after';

/** Remembers the position of this tab's last change of a group (and of the list). */
export const rememberGroupPosition = (id: number, position: string | null | undefined) => rememberPosition(position, afterKey(id), LIST_AFTER_KEY);

/** The position the groups list waits for, as `?after=…` ('' when none). */
export const listAfterQuery = (): string => afterQuery(LIST_AFTER_KEY);

const versions = versionFloors();

/** The least group version the next read must show (a save's answer), for this page's life. */
export const expectGroupVersion = versions.expect;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRIES = 10;
const RETRY_MS = 200;

/**
 * Spec 02 §8: a group that is not found, or another supplier's, is notified as 'Not found' / 'Time slot group not
 * found or you are not allowed to manage it' and thrown (the page then goes to /timeslots).
 */
export async function fetchGroup(id: number, signal?: AbortSignal): Promise<TimeSlotGroup> {
  const notFound = { title: i18n.t('timeslots:notFound.title'), message: i18n.t('timeslots:notFound.message'), codes: [403] };
  const want = versions.expected(id);
  for (let attempt = 0; ; attempt++) {
    const group = await readParsedItem(timeSlotGroupSchema, `/api/timeslots/groups/${id}${afterQuery(afterKey(id))}`, notFound, signal);
    if (want === undefined || group.version === null || group.version >= want || attempt >= RETRIES) return group;
    await sleep(RETRY_MS);
  }
}

/** The form owns the data once loaded: no background refetch; a reload is explicit. */
export function useGroup(id: number) {
  return useQuery({ queryKey: groupKey(id), queryFn: ({ signal }) => fetchGroup(id, signal), enabled: id > 0, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
}

/** The group with one of its slots put in (added, or replacing the one it was): a cached group after a slot's save. */
export function withSlot(group: TimeSlotGroup, slot: TimeSlot): TimeSlotGroup {
  const at = group.timeSlots.findIndex((s) => s.id === slot.id);
  return { ...group, timeSlots: at < 0 ? [...group.timeSlots, slot] : group.timeSlots.map((s) => (s.id === slot.id ? slot : s)) };
}
