import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { PhotoSize } from '@tbo/event-schemas';
import { CommandRunner, fold, systemContext, UnrecoverableError, WrongExpectedRevisionError, type EventStore, type FileStorage, type Job, type JobProcessor } from '@tbo/kernel';
import { photoDecider, photoStream, variantsVersionOf } from './photo';
import { makeVariants } from './photo-image';
import { PHOTO_VARIANTS_QUEUE, type PhotoVariantsJob } from './photo-jobs';
import { photoKeys } from './photo-storage';

export interface PhotoVariantsDeps {
  store: EventStore;
  storage: FileStorage;
  /** Jobs at the same time in one process (sharp also uses its own thread pool per job). */
  concurrency?: number;
  /** Called after each variant file is written (tests use it to kill the process mid-job). */
  onVariantWritten?: (photoId: number, size: PhotoSize) => Promise<void> | void;
}

const SIZES: PhotoSize[] = ['big', 'medium', 'small'];

/**
 * Makes a photo's big, medium and small WebP variants. Idempotent and crash-safe:
 * - the keys are fixed per photo, so a retry overwrites the same three files (never a second set);
 * - each file is written atomically (the storage port writes a temp file and renames it);
 * - the variants become visible together: nothing refers to them until all three exist and
 *   PhotoVariantsCreated is appended, which is what turns the photo 'ready' and gives it URLs.
 * A missing photo or an original that does not decode can never succeed: UnrecoverableError.
 * A job that fails for good (unrecoverable, or its last attempt) appends PhotoVariantsFailed, so the photo shows
 * as failed instead of processing forever.
 */
export function photoVariantsProcessor(deps: PhotoVariantsDeps): JobProcessor<PhotoVariantsJob> {
  const runner = new CommandRunner(deps.store);
  return {
    queue: PHOTO_VARIANTS_QUEUE,
    concurrency: deps.concurrency ?? 2,
    async process(job: Job<PhotoVariantsJob>) {
      try {
        return await processPhotoVariants(deps, runner, job.data);
      } catch (err) {
        if (isFinalFailure(job, err)) await markVariantsFailed(deps, runner, job.data?.photoId, err);
        throw err;
      }
    },
  };
}

/**
 * Whether this failure is the job's last: BullMQ will not retry an UnrecoverableError, nor an attempt that used the
 * job's last try (attemptsMade counts the attempts that failed before this one, as in the reports jobs).
 */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts'>, err: unknown): boolean {
  if (err instanceof UnrecoverableError || (err instanceof Error && err.name === 'UnrecoverableError')) return true;
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** Records that the photo's variants will not come (nothing for a missing, deleted or finished photo). */
async function markVariantsFailed(deps: PhotoVariantsDeps, runner: CommandRunner, id: number | undefined, err: unknown): Promise<void> {
  if (!Number.isInteger(id) || id! <= 0) return;
  const reason = err instanceof Error ? err.message : String(err);
  for (let attempt = 1; ; attempt++) {
    try {
      const state = fold(photoDecider, (await deps.store.readStream(photoStream(id!))) as never);
      if (!state.exists) return;
      const context = { ...systemContext('photo-variants'), tenantId: `supplier-${state.supplierId}` };
      await runner.run({ stream: photoStream(id!), decider: photoDecider, command: { kind: 'failVariants', id: id!, reason }, context });
      return;
    } catch (markErr) {
      if (markErr instanceof WrongExpectedRevisionError && attempt < 3) continue;
      // The job's own error is what BullMQ keeps; this one goes with it.
      if (err instanceof Error) err.message += ` (and marking the photo failed did not work: ${markErr instanceof Error ? markErr.message : String(markErr)})`;
      return;
    }
  }
}

export async function processPhotoVariants(deps: PhotoVariantsDeps, runner: CommandRunner, data: PhotoVariantsJob): Promise<{ photoId: number; result: string; ms?: Record<string, number> }> {
  const t0 = performance.now();
  const id = data?.photoId;
  if (!Number.isInteger(id) || id <= 0) throw new UnrecoverableError(`photo-variants: bad photo id ${String(id)}`);
  const state = fold(photoDecider, (await deps.store.readStream(photoStream(id))) as never);
  if (!state.exists) throw new UnrecoverableError(`photo-variants: photo ${id} does not exist`);
  if (state.variantKeys) return { photoId: id, result: 'already done' };
  if (state.deleted) return { photoId: id, result: 'photo deleted' };
  const stream = await deps.storage.get(state.originalKey);
  if (!stream) throw new UnrecoverableError(`photo-variants: the original of photo ${id} is missing`);
  const original = await buffer(stream as Readable);
  const t1 = performance.now();
  let variants: Record<PhotoSize, Buffer>;
  try {
    variants = await makeVariants(original);
  } catch (err) {
    throw new UnrecoverableError(`photo-variants: the original of photo ${id} cannot be decoded: ${(err as Error).message}`);
  }
  const t2 = performance.now();
  const keys = photoKeys(state.supplierId, id);
  for (const size of SIZES) {
    await deps.storage.put(keys[size], variants[size], 'image/webp');
    await deps.onVariantWritten?.(id, size);
  }
  const t3 = performance.now();
  const context = { ...systemContext('photo-variants'), tenantId: `supplier-${state.supplierId}` };
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await runner.run({
        stream: photoStream(id),
        decider: photoDecider,
        command: { kind: 'createVariants', id, keys: { big: keys.big, medium: keys.medium, small: keys.small }, version: variantsVersionOf(state.sha256) },
        context,
      });
      const t4 = performance.now();
      // Where the time went, kept with the completed job for whoever tunes the worker.
      const ms = { load: t1 - t0, resize: t2 - t1, write: t3 - t2, append: t4 - t3 };
      return { photoId: id, result: outcome.events.length ? 'created' : 'already done', ms };
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError) || attempt >= 3) throw err;
    }
  }
}
