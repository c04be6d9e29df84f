import { jobId } from '@tbo/kernel';

export const PHOTO_VARIANTS_QUEUE = 'photo-variants';
export interface PhotoVariantsJob {
  photoId: number;
}
/**
 * One job per photo, however often it is queued (a replayed process manager, a retried batch).
 * The photo id alone is enough: a photo is uploaded once (a retried upload answers the same id),
 * and the job reads the photo's current state when it runs.
 */
export const photoVariantsJobId = (photoId: number) => jobId('photo-variants', photoId);
