/**
 * The pure part of the photo selector: which photos are chosen and which of them is the hero image, and the media
 * warnings of spec 01 §5 (not blocking): 'You haven't selected any photos', 'Hero image is not selected'.
 */
export interface PhotoSelection {
  photoIds: number[];
  heroImageId: number | null;
}

export type MediaWarning = 'noPhotos' | 'noHero';

export function mediaWarnings(sel: PhotoSelection): MediaWarning[] {
  if (sel.photoIds.length === 0) return ['noPhotos'];
  if (sel.heroImageId === null || !sel.photoIds.includes(sel.heroImageId)) return ['noHero'];
  return [];
}

/** Ticks or unticks a photo. Unticking the hero clears the hero. */
export function togglePhoto(sel: PhotoSelection, id: number): PhotoSelection {
  if (sel.photoIds.includes(id)) {
    return { photoIds: sel.photoIds.filter((x) => x !== id), heroImageId: sel.heroImageId === id ? null : sel.heroImageId };
  }
  return { photoIds: [...sel.photoIds, id], heroImageId: sel.heroImageId };
}

/** Makes a photo the hero; a photo that is not chosen yet is chosen as well. */
export function setHero(sel: PhotoSelection, id: number): PhotoSelection {
  return { photoIds: sel.photoIds.includes(id) ? sel.photoIds : [...sel.photoIds, id], heroImageId: id };
}

/** What the chosen strip shows for a photo: its picture, or a face that never names the raw id. */
export type ChosenFace = 'image' | 'processing' | 'failed' | 'loading' | 'missing';

/**
 * The face of a chosen photo. `photo` is what the library pages or the look-up by id hold (undefined: neither);
 * `lookingUp`: the look-up of chosen photos by id has not answered yet.
 */
export function chosenFace(photo: { status?: string; urlSmall: string | null; urlMedium: string | null } | undefined, lookingUp: boolean): ChosenFace {
  if (!photo) return lookingUp ? 'loading' : 'missing';
  if (photo.status === 'failed') return 'failed';
  if (photo.urlSmall ?? photo.urlMedium) return 'image';
  return 'processing';
}

/** The chosen photos that no loaded library page holds (to look up by id). */
export function unknownIds(selected: readonly number[], known: ReadonlyMap<number, unknown>): number[] {
  return selected.filter((id) => !known.has(id));
}
