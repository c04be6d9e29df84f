import { NotFoundError, ValidationError, AppError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { PhotoEvent } from '@tbo/event-schemas';
import { PHOTO_NOT_FOUND, photoDecider, usageText, type PhotoCommand } from './photo';

const sha = 'b'.repeat(64);
const uploaded: PhotoEvent = {
  type: 'PhotoUploaded',
  data: { id: 7, supplierId: 1, guid: 'g-1', width: 1200, height: 800, format: 'jpeg', bytes: 1000, originalKey: 'photos/1/7/original', sha256: sha },
};
const upload: PhotoCommand = { kind: 'upload', ...uploaded.data };
const keys = { big: 'photos/1/7/big.webp', medium: 'photos/1/7/medium.webp', small: 'photos/1/7/small.webp' };
const variants: PhotoEvent = { type: 'PhotoVariantsCreated', data: { id: 7, supplierId: 1, keys, version: 'bbbbbbbbbbbbbbbb' } };
const deleted: PhotoEvent = { type: 'PhotoDeleted', data: { id: 7, supplierId: 1 } };
const noUsage = { tours: [], offers: [], countries: [], widgets: [] };

describe('photo decider', () => {
  it('uploads a new photo', () => {
    given(photoDecider).when(upload).then([uploaded]);
  });

  it('titles a new photo in the same append, so no read shows it untitled in between', () => {
    given(photoDecider)
      .when({ ...upload, title: 'harbour' })
      .then([uploaded, { type: 'PhotoDetailsChanged', data: { id: 7, supplierId: 1, title: 'harbour', description: '' } }]);
  });

  it('a retried upload (same supplier and guid) changes nothing; another upload under the id is a conflict', () => {
    given(photoDecider, [uploaded]).when(upload).then([]);
    // Not even its title: an edit made since stays.
    given(photoDecider, [uploaded]).when({ ...upload, title: 'harbour' }).then([]);
    given(photoDecider, [uploaded]).when({ ...upload, guid: 'other' }).thenThrows(AppError);
    given(photoDecider, [uploaded]).when({ ...upload, supplierId: 2 }).thenThrows(AppError);
  });

  it('marks a photo whose variants job failed for good, once; never a photo that has its variants or is gone', () => {
    const fail: PhotoCommand = { kind: 'failVariants', id: 7, reason: 'cannot be decoded:\nbad\u0000data' };
    const failed: PhotoEvent = { type: 'PhotoVariantsFailed', data: { id: 7, supplierId: 1, reason: 'cannot be decoded: bad data' } };
    given(photoDecider, [uploaded]).when(fail).then([failed]);
    given(photoDecider, [uploaded, failed]).when(fail).then([]);
    given(photoDecider, [uploaded, variants]).when(fail).then([]);
    given(photoDecider, [uploaded, deleted]).when(fail).then([]);
    given(photoDecider).when(fail).then([]);
    // A later success (a retried job) still makes the photo ready.
    given(photoDecider, [uploaded, failed]).when({ kind: 'createVariants', id: 7, keys, version: 'bbbbbbbbbbbbbbbb' }).then([variants]);
  });

  it('creates the variants once; a redelivered job and a deleted photo change nothing', () => {
    const create: PhotoCommand = { kind: 'createVariants', id: 7, keys, version: 'bbbbbbbbbbbbbbbb' };
    given(photoDecider, [uploaded]).when(create).then([variants]);
    given(photoDecider, [uploaded, variants]).when(create).then([]);
    given(photoDecider, [uploaded, deleted]).when(create).then([]);
    given(photoDecider).when(create).thenThrows(NotFoundError);
  });

  it('changes title and description, only when they differ', () => {
    const change: PhotoCommand = { kind: 'changeDetails', id: 7, supplierId: 1, title: 'Dunes', description: 'At sunset' };
    const changed: PhotoEvent = { type: 'PhotoDetailsChanged', data: { id: 7, supplierId: 1, title: 'Dunes', description: 'At sunset' } };
    given(photoDecider, [uploaded]).when(change).then([changed]);
    given(photoDecider, [uploaded, changed]).when(change).then([]);
  });

  it("answers 'not found or not allowed' for another supplier's, a deleted or a missing photo", () => {
    const change: PhotoCommand = { kind: 'changeDetails', id: 7, supplierId: 2, title: 'x', description: '' };
    given(photoDecider, [uploaded]).when(change).thenThrows(PHOTO_NOT_FOUND);
    given(photoDecider, [uploaded, deleted]).when({ ...change, supplierId: 1 }).thenThrows(PHOTO_NOT_FOUND);
    given(photoDecider).when({ kind: 'delete', id: 7, supplierId: 1, usage: noUsage }).thenThrows(PHOTO_NOT_FOUND);
    given(photoDecider, [uploaded]).when({ kind: 'delete', id: 7, supplierId: 2, usage: noUsage }).thenThrows(PHOTO_NOT_FOUND);
  });

  it('deletes an unused photo and refuses one in use, naming where', () => {
    given(photoDecider, [uploaded]).when({ kind: 'delete', id: 7, supplierId: 1, usage: noUsage }).then([deleted]);
    const inUse = { tours: ['Desert safari', 'Dhow cruise'], offers: ['DSF-STD'], countries: [], widgets: ['Home banner'] };
    given(photoDecider, [uploaded]).when({ kind: 'delete', id: 7, supplierId: 1, usage: inUse }).thenThrows(ValidationError);
    given(photoDecider, [uploaded])
      .when({ kind: 'delete', id: 7, supplierId: 1, usage: inUse })
      .thenThrows("The photo cannot be deleted: it is used in tours 'Desert safari', 'Dhow cruise'; offers 'DSF-STD'; widgets 'Home banner'. Remove it there first.");
    expect(usageText(noUsage)).toBe('');
  });
});
