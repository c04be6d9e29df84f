import { afterQuery, rememberPosition, versionFloors } from '../../../lib/read-after';

/**
 * Read your writes for pick-up times (see lib/read-after): an item's reads wait for its last change, the list's for
 * the last change of any pick-up time.
 */

const itemKey = (id: number) => `tbo.pickuptime.${id}.after`;
const LIST_KEY = 'tbo.pickuptimes.after';

/** Remembers the position of a change of pick-up time `id` (the list waits for it too). */
export const rememberPickUpTimePosition = (id: number, position: string | null | undefined) => rememberPosition(position, itemKey(id), LIST_KEY);

/** `?after=…` for a read of pick-up time `id` ('' when this tab changed nothing). */
export const itemAfterQuery = (id: number) => afterQuery(itemKey(id));
/** `?after=…` for a read of the list. */
export const listAfterQuery = () => afterQuery(LIST_KEY);

const versions = versionFloors();

/** The least version the next read of `id` must show, for this page's life. */
export const expectPickUpTimeVersion = versions.expect;
export const expectedPickUpTimeVersion = versions.expected;
