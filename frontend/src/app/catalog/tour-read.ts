import i18n from '../../i18n/i18n';
import { readParsedItem } from './item-read';
import { tourSchema } from './tour.schema';
import type { Tour } from './tour.types';

/**
 * Reading one tour, shared by the tour editor and the offer editor (which shows its tour): one cache entry, and
 * a read right after a save waits for what the save wrote.
 */

export const tourKey = (id: number) => ['tours', 'manage', id] as const;

/**
 * Read your writes: the position of this tab's last change of a tour, kept in session storage so a read right after
 * a save (even after F5) asks the API to wait for its projection (?after=).
 */
const afterKey = (id: number) => `tbo.tour.${id}.after`;

export function rememberTourPosition(id: number, position: string | null | undefined): void {
  try {
    if (position) sessionStorage.setItem(afterKey(id), position);
  } catch {
    /* storage unavailable: reads just do not wait */
  }
}

function lastTourPosition(id: number): string | null {
  try {
    return sessionStorage.getItem(afterKey(id));
  } catch {
    return null;
  }
}

/** The least version the next read must show (the one a save answered), per tour, for this page's life. */
const expectedVersion = new Map<number, number>();

export function expectTourVersion(id: number, version: number | null | undefined): void {
  if (typeof version === 'number') expectedVersion.set(id, Math.max(version, expectedVersion.get(id) ?? -1));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const tourNotFound = () => ({ title: i18n.t('tour-edit:notFound.title'), message: i18n.t('tour-edit:notFound.message') });

/**
 * GET /api/tours/manage/{id}?after=<position>. The API waits up to 2 s for the projection to pass the position; when
 * a save is known to have produced a newer version than the answer shows, it asks again (a few times, briefly) so
 * the page shows what was saved. A 404, or a 400 for an id the API cannot read, is notified as 'Not found' / 'Tour
 * not found or you are not allowed to manage it' and thrown.
 */
export async function fetchTour(id: number, signal?: AbortSignal): Promise<Tour> {
  const want = expectedVersion.get(id);
  for (let attempt = 0; ; attempt++) {
    const after = lastTourPosition(id);
    const tour = await readParsedItem(tourSchema, `/api/tours/manage/${id}${after ? `?after=${encodeURIComponent(after)}` : ''}`, tourNotFound(), signal);
    if (want === undefined || tour.version >= want || attempt >= 10) return tour;
    await sleep(200);
  }
}

