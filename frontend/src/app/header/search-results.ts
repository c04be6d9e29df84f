import type { CatalogSearchResult } from '@tbo/catalog/src/search/pure/catalog-search.pure';
import { formatDate } from '../../ui/format/date';

/** One thing the header search can open. */
export interface SearchOption {
  id: string;
  label: string;
  /** A second line: a tour's code, a ticket's code and tour. */
  detail?: string;
  to: string;
}

export type SearchGroupKey = 'pages' | 'tours' | 'tickets' | 'bookings';

/** A booking the header search found (GET /api/search/bookings). */
export interface BookingHit {
  id: number;
  date: string;
  guestName: string;
  voucher: string;
  tourName: string;
  /** Its status code (0 in force, 1 pending, 4 cancelled, 5 completed…). */
  status?: number;
}

export interface SearchGroup {
  key: SearchGroupKey;
  options: SearchOption[];
}

/**
 * What the header search looks through for this user (spec 02: bookings by id, voucher or guest name for those who
 * may see them; pages for everyone; tours and tickets for tour managers; a booking reference to check in for the
 * day's staff): the box's name, placeholder and 'nothing found' say it.
 */
export type SearchScope = 'all' | 'catalog' | 'bookings' | 'checkIn' | 'pages';

export function searchScope(can: { catalog: boolean; bookings: boolean; checkIn: boolean }): SearchScope {
  if (can.catalog) return can.bookings ? 'all' : 'catalog';
  if (can.bookings) return 'bookings';
  return can.checkIn ? 'checkIn' : 'pages';
}

/** The i18n keys (shell namespace) of a scope: the box's accessible name, its placeholder and its 'nothing found' text. */
export function searchTexts(scope: SearchScope): { label: string; placeholder: string; nothing: string } {
  const label = { all: 'search.labelAll', catalog: 'search.label', bookings: 'search.labelBookings', checkIn: 'search.labelCheckIn', pages: 'search.labelPages' }[scope];
  return { label, placeholder: `search.placeholder.${scope}`, nothing: `search.nothing.${scope}` };
}

/** Pages whose (translated) name holds the text: an exact name first, then the rest in menu order. */
export function matchingPages(pages: readonly { label: string; to: string }[], text: string): SearchOption[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const hits = pages.filter((p) => p.label.toLowerCase().includes(q));
  const ordered = [...hits.filter((p) => p.label.toLowerCase() === q), ...hits.filter((p) => p.label.toLowerCase() !== q)];
  return ordered.map((p) => ({ id: `page:${p.to}`, label: p.label, to: p.to }));
}

/**
 * A booking reference as a voucher prints it → the check-in page of that booking: drivers and guides find nothing
 * else by search, and may not read the bookings list. Read: BK-1001 (any case; a bare number too), #1001, and the
 * voucher's document number VCH-1001-2 (documents' voucherNumber: the booking, then the voucher's revision, which
 * any revision's reader may type). The agent's own voucher number (GH-20261201-1) is not: finding its booking needs
 * a server look-up these roles may not make.
 */
export function checkInPage(text: string): { reference: string; to: string } | null {
  const m = /^(?:(?:bk-?)?(\d{1,10})|#\s*(\d{1,10})|vch-(\d{1,10})-\d{1,6})$/i.exec(text.trim());
  const id = m ? Number(m[1] ?? m[2] ?? m[3]) : 0;
  if (id < 1) return null;
  const reference = `BK-${id}`;
  return { reference, to: `/checkin/${reference}` };
}

/** Pages, tours, tickets and bookings as the drop-down groups them; empty groups are left out. */
export function searchGroups(
  pages: SearchOption[],
  catalog: CatalogSearchResult | undefined,
  // status: a booking's status in words where it is worth saying (cancelled, pending…), else null; label: the hit's
  // first line in the interface language ('№42 · Anna' in ru), '#42 · Anna' without one.
  bookings?: { hits: BookingHit[]; to: (id: number) => string; status?: (code: number) => string | null; label?: (hit: BookingHit) => string },
): SearchGroup[] {
  const groups: SearchGroup[] = [
    { key: 'pages', options: pages },
    {
      key: 'tours',
      options: (catalog?.tours ?? []).map((t) => ({ id: `tour:${t.id}`, label: t.nameDisplay || t.nameInternal, detail: t.nameInternal, to: `/tours/${t.id}` })),
    },
    {
      key: 'tickets',
      options: (catalog?.offers ?? []).map((o) => ({
        id: `ticket:${o.id}`,
        label: o.nameDisplay || o.nameInternal,
        detail: `${o.nameInternal} · ${o.tourNameInternal}`,
        to: `/tours/${o.tourId}/${o.id}`,
      })),
    },
    {
      key: 'bookings',
      options: (bookings?.hits ?? []).map((b) => ({
        id: `booking:${b.id}`,
        label: bookings!.label?.(b) ?? `#${b.id} · ${b.guestName}`,
        detail: [formatDate(b.date), b.tourName, b.voucher, b.status === undefined ? null : bookings!.status?.(b.status)].filter(Boolean).join(' · '),
        to: bookings!.to(b.id),
      })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/**
 * An Enter's late answer is still wanted: no later Enter was pressed (or the box went away, which counts as one) and
 * the box still holds the text it asked about (trimmed).
 */
export function isLatestSubmit({ mine, latest, asked, now }: { mine: number; latest: number; asked: string; now: string }): boolean {
  return mine === latest && asked.trim() === now.trim();
}
