import type { CopiedMessages } from './copied-message-types';

/**
 * Copies of the projections API's refusals (apps/api/src/projections/projections.controller.ts), which the
 * superadmin's Platform page shows when a retry or skip is refused. Part of COPIED_MESSAGES (server-message-copies.ts
 * says how copies are checked). The failing event's description and its driver error stay as the server words them.
 */
export const PROJECTION_MESSAGE_COPIES: readonly CopiedMessages[] = [
  {
    prefix: 'projections',
    files: ['apps/api/src/projections/projections.controller.ts'],
    messages: {
      unknown: { values: { name: 'text' }, say: ({ name }) => `No projection named ${name}` },
      nothingParked: { values: { name: 'text' }, say: ({ name }) => `Projection ${name} has no parked events` },
      notParked: { values: { name: 'text', eventId: 'text' }, say: ({ name, eventId }) => `Projection ${name} has no parked event ${eventId}` },
      stillFails: { values: { event: 'text' }, say: ({ event }) => `Still fails, nothing applied: ${event}` },
      heldBehind: {
        values: { eventId: 'text', first: 'text' },
        say: ({ eventId, first }) => `Event ${eventId} is held behind an earlier parked event of its stream; retry or skip that one first: ${first}`,
      },
    },
  },
];
