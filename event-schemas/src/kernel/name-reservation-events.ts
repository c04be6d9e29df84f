import { z } from 'zod';
import { PG_INT_MAX, storedInstant } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/** What a name is unique within: a kind of item, and for some the parent it is unique under ('region-in-city-4'). */
const scope = z.string().regex(/^[a-z][a-z0-9-]{0,79}$/, 'a lower-case scope');
/** The name as compared: trimmed and lower case. */
const name = z.string().min(1).max(300);
/** The id of the item that bears the name. */
const holder = z.number().int().positive().max(PG_INT_MAX);

/**
 * Stream `name-<scope>-<sha1 of the name>`: the name's one holder. A save appends here, with the revision it read,
 * before it writes its item, so two saves of one name cannot both succeed (the read tables lag; the stream does not).
 */
export const NameReserved = z.object({ scope, name, holder, at: storedInstant() });
/** The holder was renamed (or its save failed after reserving): the name is free again. */
export const NameReleased = z.object({ scope, name, holder });

export const nameReservationEventTypes = { NameReserved, NameReleased };
export type NameReservationEvent = EventUnion<typeof nameReservationEventTypes>;

export const nameReservationEventSchemas: EventSchemaDefinition[] = [
  { type: 'NameReserved', version: 1, schema: NameReserved, example: { scope: 'language-code', name: 'eng', holder: 1, at: '2026-01-02T03:04:05.678Z' } },
  { type: 'NameReleased', version: 1, schema: NameReleased, example: { scope: 'hotel', name: 'atlantis the palm', holder: 12 } },
];
