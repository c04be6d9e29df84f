import { z } from 'zod';

const NOT_A_POSITION = 'after must be a position from a command answer';
/**
 * `?after=<position>` on a query: the position a command answered with. The query waits
 * (at most a couple of seconds) until the projection behind it has passed that position.
 */
export const afterParam = z
  .string({ message: NOT_A_POSITION })
  .regex(/^(\d{1,20}:\d{1,20}|\d{1,20}\/\d{1,20}|\d{1,20})$/, NOT_A_POSITION)
  .optional();

/** A query that takes nothing but `?after=`. */
export const afterQuery = z.object({ after: afterParam }).strict();
export type AfterQuery = z.output<typeof afterQuery>;

/** A query that takes nothing: an unknown parameter is refused ('Unrecognized key'), as on the routes that take some. */
export const noQuery = z.object({}).strict();
