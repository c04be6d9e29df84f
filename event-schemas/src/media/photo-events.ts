import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

const id = z.number().int().positive().max(PG_INT_MAX);
const key = z.string().min(1).max(500);

export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export const PHOTO_SIZES = ['big', 'medium', 'small'] as const;
export const PHOTO_USAGE_KINDS = ['tour', 'country', 'widget'] as const;

/** A guid a client sent with an upload, claimed for one photo id (makes a retried upload idempotent). */
export const PhotoGuidClaimed = z.object({ supplierId: id, guid: z.string().min(1).max(100), photoId: id });
export const PhotoUploaded = z.object({
  id,
  supplierId: id,
  guid: z.string().min(1).max(100),
  width: z.number().int().positive().max(PG_INT_MAX),
  height: z.number().int().positive().max(PG_INT_MAX),
  format: z.enum(PHOTO_FORMATS),
  bytes: z.number().int().positive().max(PG_INT_MAX),
  originalKey: key,
  /** sha256 of the original, hex: versions the served URLs. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export const PhotoVariantsCreated = z.object({
  id,
  supplierId: id,
  keys: z.object({ big: key, medium: key, small: key }),
  /** Goes into the URLs, so a browser's year-long cache never serves an older set. */
  version: z.string().min(1).max(64),
});
/** The variants job failed for good (bad original, or every retry failed): the photo will not get URLs on its own. */
export const PhotoVariantsFailed = z.object({ id, supplierId: id, reason: z.string().max(2000) });
export const PhotoDetailsChanged = z.object({ id, supplierId: id, title: z.string().max(200), description: z.string().max(2000) });
export const PhotoDeleted = z.object({ id, supplierId: id });
/** Emitted by whatever uses a photo (tours, countries, widgets); the catalog will emit it. */
export const PhotoUsageRecorded = z.object({ photoId: id, kind: z.enum(PHOTO_USAGE_KINDS), refId: id, name: z.string().max(300) });
export const PhotoUsageRemoved = z.object({ photoId: id, kind: z.enum(PHOTO_USAGE_KINDS), refId: id });

export type PhotoGuidClaimedData = z.infer<typeof PhotoGuidClaimed>;
export type PhotoUploadedData = z.infer<typeof PhotoUploaded>;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export type PhotoSize = (typeof PHOTO_SIZES)[number];
export type PhotoUsageKind = (typeof PHOTO_USAGE_KINDS)[number];

/** The schema of each event type, by type. */
export const photoEventTypes = { PhotoUploaded, PhotoVariantsCreated, PhotoVariantsFailed, PhotoDetailsChanged, PhotoDeleted };
export type PhotoEvent = EventUnion<typeof photoEventTypes>;
export type PhotoUsageEvent = EventUnion<{ PhotoUsageRecorded: typeof PhotoUsageRecorded; PhotoUsageRemoved: typeof PhotoUsageRemoved }>;

const sha = 'a'.repeat(64);
export const photoEventSchemas: EventSchemaDefinition[] = [
  { type: 'PhotoGuidClaimed', version: 1, schema: PhotoGuidClaimed, example: { supplierId: 1, guid: '6f1c2a4e-0000-4000-8000-000000000001', photoId: 7 } },
  {
    type: 'PhotoUploaded',
    version: 1,
    schema: PhotoUploaded,
    example: { id: 7, supplierId: 1, guid: 'g-1', width: 1200, height: 800, format: 'jpeg', bytes: 123456, originalKey: 'photos/1/7/original', sha256: sha },
  },
  {
    type: 'PhotoVariantsCreated',
    version: 1,
    schema: PhotoVariantsCreated,
    example: { id: 7, supplierId: 1, keys: { big: 'photos/1/7/big.webp', medium: 'photos/1/7/medium.webp', small: 'photos/1/7/small.webp' }, version: 'aaaaaaaaaaaa' },
  },
  { type: 'PhotoVariantsFailed', version: 1, schema: PhotoVariantsFailed, example: { id: 7, supplierId: 1, reason: 'the original of photo 7 cannot be decoded' } },
  { type: 'PhotoDetailsChanged', version: 1, schema: PhotoDetailsChanged, example: { id: 7, supplierId: 1, title: 'Desert safari', description: 'Dunes at sunset' } },
  { type: 'PhotoDeleted', version: 1, schema: PhotoDeleted, example: { id: 7, supplierId: 1 } },
  { type: 'PhotoUsageRecorded', version: 1, schema: PhotoUsageRecorded, example: { photoId: 7, kind: 'tour', refId: 3, name: 'Desert safari' } },
  { type: 'PhotoUsageRemoved', version: 1, schema: PhotoUsageRemoved, example: { photoId: 7, kind: 'tour', refId: 3 } },
];
