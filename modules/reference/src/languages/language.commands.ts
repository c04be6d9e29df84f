import { z } from 'zod';
import { afterParam, idOrZero, isDateInRange, type CommandContext } from '@tbo/kernel';

export const saveLanguageInput = z
  .object({
    id: idOrZero('id').default(0),
    name: z.string({ message: 'Language name is required' }).trim().min(1, 'Language name is required').max(100, 'Language name is at most 100 characters'),
    code: z
      .string({ message: 'Language code is required' })
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Language code must look like en, ru or zh-Hans'),
    isOffers: z.boolean({ message: 'isOffers must be true or false' }).default(false),
    isDeleted: z.boolean({ message: 'isDeleted must be true or false' }).default(false),
    imgUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/[\w./-]*|https?:\/\/[^\s]+)$/, 'imgUrl must be a site path or an http(s) address')
      .nullish()
      .transform((v) => v || null),
    /** The version the client edited; a newer one on the server answers 409 instead of overwriting. */
    version: z.number().int().min(0).nullish(),
  })
  .strict();

export type SaveLanguageInput = z.infer<typeof saveLanguageInput>;

export class SaveLanguageCommand {
  constructor(
    readonly input: SaveLanguageInput,
    readonly context: CommandContext,
  ) {}
}

export const syncLanguagesQuery = z
  .object({
    date: z
      .string()
      .trim()
      .refine((v) => v === '' || isDateInRange(v, 1970), 'date must be a date and time from a previous sync')
      .optional()
      .transform((v) => v || null),
    isOffers: z
      .enum(['true', 'false', '1', '0', ''], { message: 'isOffers must be true or false' })
      .optional()
      .transform((v) => v === 'true' || v === '1'),
    after: afterParam,
  })
  .strict();
