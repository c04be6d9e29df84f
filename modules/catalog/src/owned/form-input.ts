import { z } from 'zod';
import { idOrZero, PG_INT_MAX } from '@tbo/kernel';

/*
 * The input rules tours and offers share. Optional values take their default: the decider holds the
 * rules on required fields and ranges, with the spec 01 §5 messages.
 */

/** Optional text: null and undefined become ''. */
export const text = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
export const flag = (label: string) => z.boolean({ message: `${label} must be true or false` }).nullish().transform((v) => v ?? false);
export const intId = (label: string) => idOrZero(label).nullish().transform((v) => v ?? 0);

/** What an edit form sends back of the GET besides its fields: id 0 for a new item; isDeleted is ignored (delete and restore are commands). */
export const editedItemFields = {
  id: intId('id'),
  version: z.number().int().min(0).max(PG_INT_MAX).nullish(),
  position: z.string().max(100).nullish(),
  isDeleted: z.boolean().nullish(),
};
