import { z } from 'zod';
import { pagedAnswerSchema } from '../../../ui/data-table/paging.schema';

/**
 * Spec 01 §3 photo, as /api/photos answers it. The URLs are null while the variants are being made. Nullable where
 * the spec allows it, although the server fills every list: a screen must not break on an older answer.
 */
export const usageRef = z.object({ id: z.number(), name: z.string() });
export type UsageRef = z.infer<typeof usageRef>;

export const photoSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  urlBig: z.string().nullable(),
  urlMedium: z.string().nullable(),
  urlSmall: z.string().nullable(),
  usedInTours: z.array(usageRef).nullable(),
  /** Offers (tickets) using the photo; the API adds it to spec 01 §3's photo. */
  usedInOffers: z.array(usageRef).nullish(),
  usedInCountries: z.array(usageRef).nullable(),
  usedInWidgets: z.array(usageRef).nullable(),
  /** 'failed': the server could not make its variants (the job failed for good); it will not become ready by itself. */
  status: z.enum(['processing', 'ready', 'failed']).optional(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoPageSchema = pagedAnswerSchema(photoSchema);
export type PhotoPage = z.infer<typeof photoPageSchema>;

/** Spec 01 §3 photo list filter; `ids` (only those photos) is the API's addition for the photo selector. */
export interface PhotoListFilter {
  page: number;
  search: string;
  toursIds: number[];
  ids?: number[];
}

/** Its variants could not be made: it shows an error, and nothing waits (polls) for it. */
export function isFailed(p: Photo): boolean {
  return p.status === 'failed';
}

export function isProcessing(p: Photo): boolean {
  if (isFailed(p)) return false;
  return p.status === 'processing' || (p.status !== 'ready' && !p.urlSmall && !p.urlMedium);
}

export function isUsed(p: Photo): boolean {
  return !!(p.usedInTours?.length || p.usedInOffers?.length || p.usedInCountries?.length || p.usedInWidgets?.length);
}
