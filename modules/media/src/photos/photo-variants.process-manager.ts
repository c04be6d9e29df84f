import { defineProcessManager } from '@tbo/read-models';
import type { PhotoUploadedData } from '@tbo/event-schemas';
import { PHOTO_VARIANTS_QUEUE, photoVariantsJobId, type PhotoVariantsJob } from './photo-jobs';

/**
 * PhotoUploaded → the photo's variants job. Run by the worker (see the README's process
 * managers), so a photo uploaded while the worker or Redis was down gets its job once they are
 * back: the event stays unhandled until the job is in the queue.
 */
export const photoVariantsProcessManager = defineProcessManager({
  name: 'photo_variants',
  handles: ['PhotoUploaded'],
  jobFor(event) {
    const { id } = event.data as PhotoUploadedData;
    return { queue: PHOTO_VARIANTS_QUEUE, name: 'photo-variants', jobId: photoVariantsJobId(id), data: { photoId: id } satisfies PhotoVariantsJob };
  },
});
