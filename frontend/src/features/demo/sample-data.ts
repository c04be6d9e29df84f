import { seededRandom } from '@tbo/kernel/src/pure/seeded-random.pure';
import type { Paged, SortType, TableFilter } from '../../ui/data-table/types';

/**
 * Random but deterministic sample tours for the demo pages (spec 01 §2: test pages show random sample data
 * only), and an in-page data source that filters, sorts and pages them the way the server does.
 * Pure TS: no React, no DOM.
 */
export interface SampleTour {
  id: number;
  name: string;
  city: string;
  language: string;
  categoryId: number;
  price: number;
  /** ISO YYYY-MM-DD. */
  tourDate: string;
  /** HH:MM. */
  startTime: string;
  createdOn: string;
  validUntil: string;
  launchedOn: string;
  active: boolean;
}

export const SAMPLE_CITIES = ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ras Al Khaimah', 'Fujairah', 'Ajman', 'Al Ain', 'Umm Al Quwain'] as const;
export const SAMPLE_LANGUAGES = ['en', 'ru', 'de', 'fr', 'ar', 'zh'] as const;
/** Category ids 1..8 (labels in ui.json demo.categories). */
export const SAMPLE_CATEGORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const SAMPLE_ROW_COUNT = 237;
export const SAMPLE_PAGE_SIZE = 20;

/** The same rows on every load: the kernel's seeded generator, which the demo seed uses too. */
export { seededRandom };

const FIRST = ['Desert Safari', 'Dhow Cruise', 'City Tour', 'Hot Air Balloon', 'Burj Khalifa', 'Mangrove Kayaking', 'Museum of the Future', 'Old Dubai', 'Yacht Charter', 'Mountain Trek', 'Camel Ride', 'Dune Bashing', 'Creek Walk', 'Skydive', 'Aquarium', 'Grand Mosque', 'Louvre Visit', 'Snorkelling Trip', 'Food Trail', 'Falcon Show'];
const SECOND = ['with BBQ Dinner', 'at Sunset', 'Premium', 'for Families', 'Express', 'with Hotel Pick-up', 'Private', 'Morning', 'Evening', 'Deluxe', 'and Souk Visit', 'VIP Access', '', '', ''];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (base: string, days: number) => {
  const d = new Date(`${base}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
};

export function generateSampleTours(count = SAMPLE_ROW_COUNT, seed = 20250307): SampleTour[] {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const createdOn = addDays('2023-01-01', Math.floor(rnd() * 1000));
    const launchedOn = addDays('2020-01-01', Math.floor(rnd() * 2400));
    const tourDate = addDays('2025-01-01', Math.floor(rnd() * 540));
    const second = pick(SECOND);
    return {
      id: 1001 + i,
      name: `${pick(FIRST)}${second ? ` ${second}` : ''}`,
      city: pick(SAMPLE_CITIES),
      language: pick(SAMPLE_LANGUAGES),
      categoryId: pick(SAMPLE_CATEGORY_IDS),
      price: Math.round((45 + rnd() * 2400) * 4) / 4,
      tourDate,
      startTime: `${pad(6 + Math.floor(rnd() * 16))}:${pick(['00', '15', '30', '45'])}`,
      createdOn,
      validUntil: addDays(tourDate, 30 + Math.floor(rnd() * 400)),
      launchedOn,
      active: rnd() > 0.22,
    };
  });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''), 'en', { sensitivity: 'base' });
}

/** What the server would do with a table filter over these rows (without paging). */
export function applyTableFilter<T extends object>(rows: T[], filter: TableFilter): T[] {
  const get = (r: T, f: string) => (r as Record<string, unknown>)[f];
  let out = rows.filter((r) => {
    for (const [f, v] of Object.entries(filter.textFilters)) {
      const cell = get(r, f);
      const text = String(cell ?? '').toLocaleLowerCase();
      // Text contains; a select (or boolean) matches exactly.
      if (typeof cell === 'boolean' || f === 'language') {
        if (String(cell) !== v) return false;
      } else if (!text.includes(v.toLocaleLowerCase())) return false;
    }
    for (const [f, list] of Object.entries(filter.multiSelectFilters)) if (!list.includes(String(get(r, f)))) return false;
    for (const [f, list] of Object.entries(filter.multiSelectNumberFilters)) if (!list.includes(Number(get(r, f)))) return false;
    for (const [f, { startDate, endDate }] of Object.entries(filter.dateRangeFilters)) {
      const d = String(get(r, f) ?? '');
      if (startDate && d < startDate) return false;
      if (endDate && d > endDate) return false;
    }
    return true;
  });
  if (filter.sortField) {
    const field = filter.sortField;
    const dir = (filter.sortType ?? 'ASC') === 'ASC' ? 1 : -1;
    out = [...out].sort((a, b) => compare(get(a, field), get(b, field)) * dir || compare(get(a, 'id'), get(b, 'id')));
  }
  return out;
}

/** One page, with the server's paging info (modules/kernel/src/http/paging.ts). */
export function pageOf<T>(rows: T[], page: number, perPage = SAMPLE_PAGE_SIZE): Paged<T> {
  const totalItems = rows.length;
  const totalPages = Math.max(1, Math.ceil(totalItems / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const from = totalItems === 0 ? 0 : (current - 1) * perPage + 1;
  return {
    entities: rows.slice((current - 1) * perPage, current * perPage),
    pagingInfo: {
      currentPage: current,
      totalItems,
      itemsPerPage: perPage,
      prevPage: current > 1 ? current - 1 : null,
      nextPage: current < totalPages ? current + 1 : null,
      totalPages,
      from,
      to: Math.min(current * perPage, totalItems),
    },
  };
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const id = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(id);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/** An in-memory store answering like the server, after a small delay (so loading shows). */
export function createSampleStore(rows = generateSampleTours(), delayMs = 300) {
  let data = rows.map((r) => ({ ...r }));
  return {
    async list(filter: TableFilter, signal?: AbortSignal, only?: (r: SampleTour) => boolean): Promise<Paged<SampleTour>> {
      await wait(delayMs, signal);
      return pageOf(applyTableFilter(only ? data.filter(only) : data, filter), filter.page);
    },
    async save(row: SampleTour): Promise<SampleTour> {
      await wait(delayMs);
      data = data.map((r) => (r.id === row.id ? { ...row } : r));
      return { ...row };
    },
    async setActive(ids: number[], active: boolean): Promise<void> {
      await wait(delayMs);
      const set = new Set(ids);
      data = data.map((r) => (set.has(r.id) ? { ...r, active } : r));
    },
  };
}

export type SortSpec = { field: keyof SampleTour; type: SortType };
