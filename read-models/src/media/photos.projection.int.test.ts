import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { photosProjection } from './photos.projection';

const spec = projectionSpec(photosProjection);

const KEY = { id: 7, supplierId: 4 };
const photo = eventStream('photo-7');
const uploaded = photo.event(
  'PhotoUploaded',
  { ...KEY, guid: 'c0ffee00-0000-4000-8000-000000000007', width: 1600, height: 900, format: 'webp', bytes: 234567, originalKey: 'photos/4/7/original', sha256: 'b'.repeat(64) },
  { occurredAt: '2026-02-01T10:00:00.000Z', recordedAt: new Date('2026-02-01T10:00:01.250Z') },
);
const keys = { big: 'photos/4/7/big.webp', medium: 'photos/4/7/medium.webp', small: 'photos/4/7/small.webp' };
const variants = photo.event('PhotoVariantsCreated', { ...KEY, keys, version: 'v1a2b3c4d5e6' });
const described = photo.event('PhotoDetailsChanged', { ...KEY, title: 'Dunes at dusk', description: 'Red sand, long shadows' });
const deleted = photo.event('PhotoDeleted', KEY);
const failed = photo.event('PhotoVariantsFailed', { ...KEY, reason: 'cannot be decoded' });

const uploadedRow = (over: Row = {}): Row => ({
  id: 7,
  supplier_id: 4,
  guid: 'c0ffee00-0000-4000-8000-000000000007',
  title: '',
  description: '',
  width: 1600,
  height: 900,
  format: 'webp',
  bytes: 234567,
  original_key: 'photos/4/7/original',
  status: 'processing',
  variant_keys: null,
  variants_version: null,
  is_deleted: false,
  uploaded_at: new Date('2026-02-01T10:00:01.250Z'),
  ...over,
});
const ready = { status: 'ready', variant_keys: keys, variants_version: 'v1a2b3c4d5e6' };

describe('photos projection', () => {
  it('keeps an upload as processing, uploaded when the store recorded it', () => spec.given().when(uploaded).then({ photos: [uploadedRow()] }));

  it('makes the photo ready with its variant keys and version', () => spec.given(uploaded).when(variants).then({ photos: [uploadedRow(ready)] }));

  it('takes the title and description', () =>
    spec.given(uploaded, variants).when(described).then({ photos: [uploadedRow({ ...ready, title: 'Dunes at dusk', description: 'Red sand, long shadows' })] }));

  it('marks a processing photo failed when its variants job failed for good', () => spec.given(uploaded).when(failed).then({ photos: [uploadedRow({ status: 'failed' })] }));

  it('a ready photo stays ready on a late failure', () => spec.given(uploaded, variants).when(failed).then({ photos: [uploadedRow(ready)] }));

  it('a failed photo becomes ready when its variants come after all', () => spec.given(uploaded, failed).when(variants).then({ photos: [uploadedRow(ready)] }));

  it('marks the photo deleted', () => spec.given(uploaded, variants).when(deleted).then({ photos: [uploadedRow({ ...ready, is_deleted: true })] }));

  it('keeps the first upload of a photo id', () =>
    spec.given(uploaded, described).when(uploaded).then({ photos: [uploadedRow({ title: 'Dunes at dusk', description: 'Red sand, long shadows' })] }));
});

replayingTwice(spec, [
  ['PhotoUploaded', [], uploaded],
  ['PhotoVariantsCreated', [uploaded], variants],
  ['PhotoDetailsChanged', [uploaded], described],
  ['PhotoDeleted', [uploaded], deleted],
  ['PhotoVariantsFailed', [uploaded], failed],
], { title: 'photos projection: replaying the same event twice' });
