import type { PhotoEvent, PhotoFormat, PhotoSize } from '@tbo/event-schemas';
import { AppError, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';

export const PHOTO_NOT_FOUND = 'Photo not found or you are not allowed to manage it';

export interface PhotoState {
  exists: boolean;
  id: number;
  supplierId: number;
  guid: string;
  title: string;
  description: string;
  originalKey: string;
  sha256: string;
  variantKeys: Record<PhotoSize, string> | null;
  variantsVersion: string | null;
  /** The variants job failed for good (PhotoVariantsFailed); a later PhotoVariantsCreated clears it. */
  variantsFailed: boolean;
  deleted: boolean;
}

export interface UsageSummary {
  tours: string[];
  offers: string[];
  countries: string[];
  widgets: string[];
}

export type PhotoCommand =
  | {
      kind: 'upload';
      id: number;
      supplierId: number;
      guid: string;
      width: number;
      height: number;
      format: PhotoFormat;
      bytes: number;
      originalKey: string;
      sha256: string;
      /** The first title (the file name); '' leaves the photo untitled. */
      title?: string;
    }
  | { kind: 'createVariants'; id: number; keys: Record<PhotoSize, string>; version: string }
  | { kind: 'failVariants'; id: number; reason: string }
  | { kind: 'changeDetails'; id: number; supplierId: number; title: string; description: string }
  | { kind: 'delete'; id: number; supplierId: number; usage: UsageSummary };

export const initialPhotoState: PhotoState = {
  exists: false,
  id: 0,
  supplierId: 0,
  guid: '',
  title: '',
  description: '',
  originalKey: '',
  sha256: '',
  variantKeys: null,
  variantsVersion: null,
  variantsFailed: false,
  deleted: false,
};

/** Another supplier's photo, a deleted one and a missing one all answer the same 404. */
function assertManageable(state: PhotoState, supplierId: number): void {
  if (!state.exists || state.deleted || state.supplierId !== supplierId) throw new NotFoundError(PHOTO_NOT_FOUND);
}

/** Where a photo is used, in words: "tours 'Desert safari', 'Dhow cruise'; offers 'DSF-STD'; countries 'UAE'". */
export function usageText(usage: UsageSummary): string {
  const parts: string[] = [];
  const list = (names: string[]) => names.map((n) => `'${n}'`).join(', ');
  if (usage.tours.length) parts.push(`tours ${list(usage.tours)}`);
  if (usage.offers.length) parts.push(`offers ${list(usage.offers)}`);
  if (usage.countries.length) parts.push(`countries ${list(usage.countries)}`);
  if (usage.widgets.length) parts.push(`widgets ${list(usage.widgets)}`);
  return parts.join('; ');
}

/** A photo of the media manager library (spec 01 §3 Photo, §4 Photos). */
export const photoDecider: Decider<PhotoCommand, PhotoEvent, PhotoState> = {
  initialState: initialPhotoState,
  evolve(state, event) {
    switch (event.type) {
      case 'PhotoUploaded': {
        const d = event.data;
        return { ...state, exists: true, id: d.id, supplierId: d.supplierId, guid: d.guid, originalKey: d.originalKey, sha256: d.sha256 };
      }
      case 'PhotoVariantsCreated':
        return { ...state, variantKeys: event.data.keys, variantsVersion: event.data.version, variantsFailed: false };
      case 'PhotoVariantsFailed':
        return { ...state, variantsFailed: true };
      case 'PhotoDetailsChanged':
        return { ...state, title: event.data.title, description: event.data.description };
      case 'PhotoDeleted':
        return { ...state, deleted: true };
    }
  },
  decide(cmd, state) {
    switch (cmd.kind) {
      case 'upload': {
        // A retried upload (same guid, same id) changes nothing.
        if (state.exists) {
          if (state.supplierId === cmd.supplierId && state.guid === cmd.guid) return [];
          throw new AppError(409, 'Conflict', `Photo ${cmd.id} already exists`);
        }
        const { kind: _kind, title, ...data } = cmd;
        // The title goes in the same append: a list read between two appends showed a new photo 'Untitled'.
        const titled = title ? [{ type: 'PhotoDetailsChanged' as const, data: { id: cmd.id, supplierId: cmd.supplierId, title, description: '' } }] : [];
        return [{ type: 'PhotoUploaded', data }, ...titled];
      }
      case 'createVariants':
        if (!state.exists) throw new NotFoundError(`Photo ${cmd.id} not found`);
        // Idempotent: a redelivered job, or a photo deleted meanwhile, changes nothing.
        if (state.variantKeys || state.deleted) return [];
        return [{ type: 'PhotoVariantsCreated', data: { id: cmd.id, supplierId: state.supplierId, keys: cmd.keys, version: cmd.version } }];
      case 'failVariants':
        // Nothing to mark on a photo that does not exist, is gone, has its variants or is marked already.
        if (!state.exists || state.variantKeys || state.deleted || state.variantsFailed) return [];
        return [{ type: 'PhotoVariantsFailed', data: { id: cmd.id, supplierId: state.supplierId, reason: failureReason(cmd.reason) } }];
      case 'changeDetails':
        assertManageable(state, cmd.supplierId);
        if (state.title === cmd.title && state.description === cmd.description) return [];
        return [{ type: 'PhotoDetailsChanged', data: { id: cmd.id, supplierId: cmd.supplierId, title: cmd.title, description: cmd.description } }];
      case 'delete': {
        assertManageable(state, cmd.supplierId);
        const where = usageText(cmd.usage);
        if (where) throw new ValidationError(`The photo cannot be deleted: it is used in ${where}. Remove it there first.`);
        return [{ type: 'PhotoDeleted', data: { id: cmd.id, supplierId: cmd.supplierId } }];
      }
    }
  },
};

export const photoStream = (id: number) => `photo-${id}`;

/** A job error as an event's reason: one line of printable text, at most 2000 characters. */
export const failureReason = (message: string) =>
  message
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, 2000)
    // Lone surrogates (the cut may have split a pair): no event text may hold them.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');

/** The variants' version in their URLs: the original's content hash, so a URL never names two images. */
export const variantsVersionOf = (sha256: string) => sha256.slice(0, 16);
