import type { PhotoUsage, PhotoUsageRef } from '@tbo/read-models';

/** A photo as the API answers it (spec 01 §3 Photo); urls are null until the variants exist. */
export interface PhotoView {
  id: number;
  title: string;
  description: string;
  urlBig: string | null;
  urlMedium: string | null;
  urlSmall: string | null;
  usedInTours: PhotoUsageRef[];
  /** Offers (tickets) of the supplier's tours, by name; not in spec 01 §3, which predates offers having photos. */
  usedInOffers: PhotoUsageRef[];
  usedInCountries: PhotoUsageRef[];
  usedInWidgets: PhotoUsageRef[];
  /** 'failed': its variants could not be made (the job failed for good); it will not become ready on its own. */
  status: 'processing' | 'ready' | 'failed';
}

/** Versioned, so the year-long immutable cache never shows an older image under the same URL. */
export const photoUrl = (id: number, size: 'big' | 'medium' | 'small', version: string) => `/api/photos/${id}/${size}?v=${encodeURIComponent(version)}`;

export function photoView(
  p: { id: number; title: string; description: string; variantsVersion: string | null; ready: boolean; failed?: boolean },
  usage: PhotoUsage,
): PhotoView {
  const ready = p.ready && p.variantsVersion !== null;
  const url = (size: 'big' | 'medium' | 'small') => (ready ? photoUrl(p.id, size, p.variantsVersion!) : null);
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    urlBig: url('big'),
    urlMedium: url('medium'),
    urlSmall: url('small'),
    ...usage,
    status: ready ? 'ready' : p.failed ? 'failed' : 'processing',
  };
}
