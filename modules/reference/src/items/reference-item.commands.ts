import { z } from 'zod';
import type { ReferenceKind, ReferenceKinds } from '@tbo/event-schemas';
import { idOrZero, PG_INT_MAX, type CommandContext } from '@tbo/kernel';

const id = idOrZero('id').default(0);
const ref = (message: string) => z.number({ message }).int(message).positive(message).max(PG_INT_MAX, message);
const name = (what: string) =>
  z.string({ message: `${what} name is required` }).trim().min(1, `${what} name is required`).max(200, `${what} name is at most 200 characters`);
/** The version the client edited; a newer one on the server answers 409 instead of overwriting. */
const version = z.number().int().min(0).nullish();

export const saveHotelInput = z.object({ id, name: name('Hotel'), regionId: ref('Region is required'), version }).strict();
export const saveRegionInput = z
  .object({ id, name: name('Region'), cityId: ref('City is required'), isActive: z.boolean({ message: 'isActive must be true or false' }).default(true), version })
  .strict();
export const saveTourCategoryInput = z.object({ id, name: name('Category'), version }).strict();

export type SaveHotelInput = z.infer<typeof saveHotelInput>;
export type SaveRegionInput = z.infer<typeof saveRegionInput>;
export type SaveTourCategoryInput = z.infer<typeof saveTourCategoryInput>;

/** What a save carries for each kind: the item's data with id 0 for a new one (cities of hotels are derived). */
export type ReferenceItemInput<K extends ReferenceKind> = K extends 'Hotel' ? Omit<ReferenceKinds['Hotel'], 'cityId'> : ReferenceKinds[K];

export class SaveReferenceItemCommand<K extends ReferenceKind = ReferenceKind> {
  constructor(
    readonly kind: K,
    readonly input: ReferenceItemInput<K>,
    readonly context: CommandContext,
    readonly options: { version?: number | null; naturalId?: boolean } = {},
  ) {}
}
