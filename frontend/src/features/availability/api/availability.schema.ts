import { z } from 'zod';

/** GET /api/availability: one day of a row (server: read-models/src/scheduling/availability.queries.ts). */
export const availabilityDaySchema = z.object({
  date: z.string(),
  capacity: z.number(),
  ownCapacity: z.number().nullable(),
  taken: z.number(),
  held: z.number(),
  left: z.number(),
  closed: z.boolean(),
  offered: z.boolean(),
});
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

/** A group whose slots share its seats (timeSlotId null), or a slot of a group whose slots are independent. */
export const availabilityRowSchema = z.object({
  groupId: z.number(),
  timeSlotId: z.number().nullable(),
  name: z.string(),
  groupName: z.string(),
  startTime: z.number().nullable(),
  timeType: z.number().nullable(),
  timeSlotNames: z.array(z.string()),
  baseCapacity: z.number(),
  days: z.array(availabilityDaySchema),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

export const availabilitySchema = z.object({
  /** Today in Dubai, by the server's clock. */
  today: z.string(),
  from: z.string(),
  days: z.number(),
  rows: z.array(availabilityRowSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** What POST /api/availability/close, /reopen and /capacity answer: the departure as decided. */
export const savedDepartureSchema = z.object({
  groupId: z.number(),
  timeSlotId: z.number().nullable(),
  date: z.string(),
  capacity: z.number(),
  ownCapacity: z.number().nullable(),
  baseCapacity: z.number(),
  taken: z.number(),
  held: z.number(),
  left: z.number(),
  closed: z.boolean(),
  position: z.string().nullable(),
});
export type SavedDeparture = z.infer<typeof savedDepartureSchema>;
