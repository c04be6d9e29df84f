import type { z } from 'zod';

/**
 * A stream's event union from its schemas by type, `{ type: 'A'; data: z.infer<typeof A> } | …`,
 * so a new event type is named once, where its schema is.
 */
export type EventUnion<Schemas extends Record<string, z.ZodType>> = { [T in keyof Schemas & string]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas & string];
