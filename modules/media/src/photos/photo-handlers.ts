import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { emptyUsage, photoUsageOf, photoUsageProjection, waitForProjection, type PhotoUsage } from '@tbo/read-models';
import type { PhotoGuidClaimedData } from '@tbo/event-schemas';
import { AppError, CommandHandlerBase, CommandRunner, fold, metadataOf, WrongExpectedRevisionError, type CommandContext, type FileStorage } from '@tbo/kernel';
import { inspectImage, decodeUploadData } from './photo-image';
import { photoDecider, photoStream, type PhotoCommand, type PhotoState } from './photo';
import { DeletePhotoCommand, SavePhotoCommand, UploadPhotoCommand } from './photo.commands';
import { FILE_STORAGE, photoKeys } from './photo-storage';
import { photoView, type PhotoView } from './photo-view';

export function viewOf(state: PhotoState, usage: PhotoUsage): PhotoView {
  return photoView(
    { id: state.id, title: state.title, description: state.description, variantsVersion: state.variantsVersion, ready: state.variantKeys !== null, failed: state.variantsFailed },
    usage,
  );
}

/** The stream that ties a client's upload guid to one photo id, per supplier. */
export const guidStream = (supplierId: number, guid: string) => `photoguid-${supplierId}x${createHash('sha256').update(guid).digest('hex').slice(0, 40)}`;

async function runPhoto(runner: CommandRunner, id: number, command: PhotoCommand, context: CommandContext) {
  // A concurrent change to the same photo (the worker's variants, an edit) is retried on fresh state.
  for (let attempt = 1; ; attempt++) {
    try {
      return await runner.run({ stream: photoStream(id), decider: photoDecider, command, context });
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError) || attempt >= 3) throw err;
    }
  }
}

@CommandHandler(UploadPhotoCommand)
export class UploadPhotoHandler extends CommandHandlerBase implements ICommandHandler<UploadPhotoCommand, PhotoView> {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {
    super();
  }

  async execute({ supplierId, input, context }: UploadPhotoCommand): Promise<PhotoView> {
    // Everything is checked before anything is stored: refused input leaves no trace.
    const bytes = decodeUploadData(input.data);
    const image = await inspectImage(bytes);
    const id = await this.claim(supplierId, input.guid, context);
    const keys = photoKeys(supplierId, id);
    const existing = fold(photoDecider, (await this.store.readStream(photoStream(id))) as never);
    if (!existing.exists) await this.storage.put(keys.original, bytes, `image/${image.format}`);
    const outcome = await runPhoto(
      this.runner,
      id,
      // Only a new photo takes the title (the decider ignores a retried upload): a retry must not undo an edit made since.
      { kind: 'upload', id, supplierId, guid: input.guid, width: image.width, height: image.height, format: image.format, bytes: image.bytes, originalKey: keys.original, sha256: image.sha256, title: input.title },
      context,
    );
    return viewOf(outcome.state, emptyUsage());
  }

  /** The photo id for this guid: the one claimed before (a retried upload), or a new one. */
  private async claim(supplierId: number, guid: string, context: CommandContext): Promise<number> {
    const stream = guidStream(supplierId, guid);
    const claimed = async () => ((await this.store.readStream(stream))[0]?.data as PhotoGuidClaimedData | undefined)?.photoId;
    const before = await claimed();
    if (before) return before;
    const photoId = await this.ids.next('photo');
    try {
      await this.store.appendToStream(stream, [{ type: 'PhotoGuidClaimed', data: { supplierId, guid, photoId } }], { expectedRevision: 'no_stream', metadata: metadataOf(context) });
      return photoId;
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
      const winner = await claimed();
      if (!winner) throw err;
      return winner;
    }
  }
}

@CommandHandler(SavePhotoCommand)
export class SavePhotoHandler extends CommandHandlerBase implements ICommandHandler<SavePhotoCommand, PhotoView> {
  async execute({ supplierId, input, context }: SavePhotoCommand): Promise<PhotoView> {
    const outcome = await runPhoto(this.runner, input.id, { kind: 'changeDetails', id: input.id, supplierId, title: input.title, description: input.description }, context);
    const usage = (await photoUsageOf(this.db, [input.id])).get(input.id) ?? emptyUsage();
    return viewOf(outcome.state, usage);
  }
}

/** How long a delete waits for the usage projection before it refuses to decide. */
const USAGE_WAIT_MS = 5_000;

@CommandHandler(DeletePhotoCommand)
export class DeletePhotoHandler extends CommandHandlerBase implements ICommandHandler<DeletePhotoCommand, null> {
  async execute({ supplierId, id, context }: DeletePhotoCommand): Promise<null> {
    // Usage comes from a read model of other contexts' events. Before deciding, the projection must
    // have applied everything the store held when the delete arrived: a tour or offer saved before
    // the click counts, however far behind the projection was. Only a save committed while the delete
    // is being decided can slip past, which is two people racing on the same photo at the same moment,
    // not a lag window; the tour then shows a blank tile, as it would for a photo deleted first.
    // A projection that does not catch up in time (stopped, overloaded) refuses the delete: a wrong
    // "unused" must never delete a photo in use.
    const head = await this.store.headPosition();
    if (head && !(await waitForProjection(this.db, this.store, photoUsageProjection.name, head, USAGE_WAIT_MS))) {
      throw new AppError(503, 'Service unavailable', 'Where this photo is used is still being brought up to date. Try again in a moment.');
    }
    const usage = (await photoUsageOf(this.db, [id])).get(id) ?? emptyUsage();
    const names = (list: { name: string }[]) => list.map((u) => u.name);
    const summary = { tours: names(usage.usedInTours), offers: names(usage.usedInOffers), countries: names(usage.usedInCountries), widgets: names(usage.usedInWidgets) };
    await runPhoto(this.runner, id, { kind: 'delete', id, supplierId, usage: summary }, context);
    return null;
  }
}
