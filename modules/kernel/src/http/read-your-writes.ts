import { z } from 'zod';

/**
 * `?after=<position>` on a query: the position a command answered with. The query waits
 * (at most a couple of seconds) until the projection behind it has passed that position.
 */
export const afterParam = z
  .string()
  .max(100)
  .regex(/^(\d{1,20}:\d{1,20}|\d{1,20}\/\d{1,20}|\d{1,20})$/, 'after must be a position from a command answer')
  .optional();

/** A query that takes nothing but `?after=`. */
export const afterQuery = z.object({ after: afterParam }).strict();
export type AfterQuery = z.output<typeof afterQuery>;
