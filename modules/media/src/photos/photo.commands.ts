import { z } from 'zod';
import { idNumber, wholeNumber, type CommandContext } from '@tbo/kernel';
import { UPLOAD_MESSAGES } from './photo-image';

export const PHOTOS_PAGE_SIZE = 24;

export const uploadPhotoInput = z
  .object({
    guid: z
      .string({ message: 'guid is required' })
      .trim()
      .min(1, 'guid is required')
      .max(100, 'guid is at most 100 characters')
      .regex(/^[\w.-]+$/, 'guid may hold only letters, digits, dots, dashes and underscores'),
    data: z.string({ message: UPLOAD_MESSAGES.empty }).min(1, UPLOAD_MESSAGES.empty),
    /** The photo's first title (the web client sends the file name without its extension); '' leaves it untitled. */
    title: z.string({ message: 'title must be text' }).trim().max(200, 'Title is at most 200 characters').nullish().transform((v) => v ?? ''),
  })
  .strict();
export type UploadPhotoInput = z.infer<typeof uploadPhotoInput>;

export const listPhotosInput = z
  .object({
    page: wholeNumber('page', 1, 100_000).nullish().transform((v) => v ?? 1),
    search: z.string({ message: 'search must be text' }).trim().max(200).nullish().transform((v) => v ?? ''),
    toursIds: z
      .array(idNumber('toursIds'), { message: 'toursIds must be a list of tour ids' })
      .max(500, 'toursIds holds at most 500 tour ids')
      .nullish()
      .transform((v) => v ?? []),
    /** Only these photos (the photo selector's chosen ones that are not on the library pages it has loaded). */
    ids: z
      .array(idNumber('ids'), { message: 'ids must be a list of photo ids' })
      .max(500, 'ids holds at most 500 photo ids')
      .nullish()
      .transform((v) => v ?? []),
  })
  .strict();
export type ListPhotosInput = z.infer<typeof listPhotosInput>;

export const savePhotoInput = z
  .object({
    id: idNumber('id'),
    title: z.string({ message: 'title must be text' }).trim().max(200, 'Title is at most 200 characters').nullish().transform((v) => v ?? ''),
    description: z.string({ message: 'description must be text' }).trim().max(2000, 'Description is at most 2000 characters').nullish().transform((v) => v ?? ''),
  })
  .passthrough()
  .transform(({ id, title, description }) => ({ id, title, description }));
export type SavePhotoInput = z.infer<typeof savePhotoInput>;

export class UploadPhotoCommand {
  constructor(
    readonly supplierId: number,
    readonly input: UploadPhotoInput,
    readonly context: CommandContext,
  ) {}
}

export class SavePhotoCommand {
  constructor(
    readonly supplierId: number,
    readonly input: SavePhotoInput,
    readonly context: CommandContext,
  ) {}
}

export class DeletePhotoCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly context: CommandContext,
  ) {}
}
