import { addDays, dubaiToday } from '@tbo/scheduling/src/departures/business-date.pure';
import { formatDate } from '../../../ui/format/date';
import type { FilterValue, SortType, TableFilter } from '../../../ui/data-table/types';
import type { TableUrlSpec } from '../../../ui/data-table/url-state';

/** Status filter words the server takes (spec 02 §2: Normal, Pending, Cancelled). */
export const OPERATOR_STATUSES = ['normal', 'pending', 'cancelled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** The default window (spec 02 §7): today to 14 days ahead. */
export const WINDOW_DAYS = 14;
export const PAGE_SIZE = 20;

/** Column filter keys; the text ones are also the server's `filters` names. */
export const FILTER_KEYS = {
  id: 'id',
  date: 'date',
  tour: 'tour',
  offer: 'offer',
  hotel: 'hotel',
  region: 'region',
  guestName: 'guestName',
  tel: 'tel',
  voucher: 'voucher',
  paidTo: 'paidTo',
  collectTo: 'collectTo',
  status: 'status',
} as const;

const TEXT_FILTERS = ['tour', 'offer', 'hotel', 'region', 'guestName', 'tel', 'voucher'] as const;

export interface OperatorListBody {
  page: number;
  pageSize: number;
  orderBy: string;
  orderType: SortType;
  from: string;
  to: string;
  status: OperatorStatus | null;
  filters: Record<string, string | number>;
}

export const DEFAULT_SORT: { field: string; type: SortType } = { field: 'date', type: 'ASC' };

/** Today..+14 days in Dubai, as ISO dates. */
export function defaultWindow(now = new Date()): { from: string; to: string } {
  const today = dubaiToday(now);
  return { from: today, to: addDays(today, WINDOW_DAYS) };
}

/** The date filter's starting value (the table's controls hold display dates). */
export function initialFilters(now = new Date()): Record<string, FilterValue> {
  const w = defaultWindow(now);
  return { [FILTER_KEYS.date]: { from: formatDate(w.from), to: formatDate(w.to) } };
}

/** The sort fields POST /api/bookings/operations takes (the read model's OPERATOR_SORT_FIELDS). */
export const OPERATOR_SORT_FIELDS = ['id', 'date', 'bookingDateTime', 'tourName', 'offerName', 'hotelName', 'region', 'guestName', 'tel', 'ad', 'ch', 'inf', 'foc', 'paid', 'paidTo', 'collect', 'collectTo', 'voucher', 'status'] as const;

/**
 * The list in the address (kept across a reload and Back): `?date=2026-05-01..2026-05-31&status=pending&guest=smith
 * &page=2&sort=-date`. No date there is the default window (today to 14 days ahead), which is left out in turn; the
 * id filter is `bookingId`, as `?id=` is the open booking's panel.
 */
export const OPERATOR_LIST_URL: TableUrlSpec = {
  filters: [
    { field: FILTER_KEYS.id, param: 'bookingId', type: 'text-number' },
    { field: FILTER_KEYS.date, param: 'date', type: 'date-range' },
    { field: FILTER_KEYS.tour, param: 'tour', type: 'text' },
    { field: FILTER_KEYS.offer, param: 'offer', type: 'text' },
    { field: FILTER_KEYS.hotel, param: 'hotel', type: 'text' },
    { field: FILTER_KEYS.region, param: 'region', type: 'text' },
    { field: FILTER_KEYS.guestName, param: 'guest', type: 'text' },
    { field: FILTER_KEYS.tel, param: 'tel', type: 'text' },
    { field: FILTER_KEYS.voucher, param: 'voucher', type: 'text' },
    { field: FILTER_KEYS.paidTo, param: 'paidTo', type: 'select' },
    { field: FILTER_KEYS.collectTo, param: 'collectTo', type: 'select' },
    { field: FILTER_KEYS.status, param: 'status', type: 'select' },
  ],
  sortFields: OPERATOR_SORT_FIELDS,
  defaultSort: DEFAULT_SORT,
  defaults: () => initialFilters(),
};

const isStatus = (v: string | undefined): v is OperatorStatus => !!v && (OPERATOR_STATUSES as readonly string[]).includes(v);

/** The request body from the table's filter; a cleared date range is the default window. */
export function toOperatorBody(filter: TableFilter, now = new Date()): OperatorListBody {
  const range = filter.dateRangeFilters[FILTER_KEYS.date];
  const window = range?.startDate && range.endDate ? { from: range.startDate, to: range.endDate } : defaultWindow(now);
  const filters: Record<string, string | number> = {};
  const id = filter.textFilters[FILTER_KEYS.id];
  if (id && /^\d{1,9}$/.test(id)) filters.id = Number(id);
  for (const key of TEXT_FILTERS) {
    const v = filter.textFilters[key];
    if (v) filters[key] = v;
  }
  for (const key of ['paidTo', 'collectTo'] as const) {
    const v = filter.textFilters[key];
    if (v === 'agency' || v === 'supplier') filters[key] = v;
  }
  const status = filter.textFilters[FILTER_KEYS.status];
  return {
    page: Math.max(1, filter.page || 1),
    pageSize: PAGE_SIZE,
    orderBy: filter.sortField ?? DEFAULT_SORT.field,
    orderType: filter.sortField ? (filter.sortType ?? 'ASC') : DEFAULT_SORT.type,
    ...window,
    status: isStatus(status) ? status : null,
    filters,
  };
}
