import type { SortType, TableFilter } from '../../ui/data-table/types';
import type { TableUrlSpec } from '../../ui/data-table/url-state';

export type AgentListKind = 'bookings' | 'commissions';

export const PAGE_SIZE = 20;

/** Column filter keys: f is the free text (the guest column's filter), the rest id lists. */
export const FILTER_KEYS = { date: 'date', text: 'f', agents: 'agentIds', hotels: 'hotelIds', offers: 'offerIds' } as const;

/** Spec 02 §7: newest date first. */
export const DEFAULT_SORT: { field: string; type: SortType } = { field: 'date', type: 'DESC' };

/** The sort fields GET /api/agent/bookings|commissions takes (the read model's AGENT_SORT_FIELDS). */
export const AGENT_SORT_FIELDS = ['id', 'date', 'tourName', 'offerName', 'hotelName', 'pickUpTimeStart', 'roomNumber', 'guestName', 'tel', 'numAdults', 'numChildren', 'numInfants', 'numFoc', 'grossSales', 'agencyReceivable', 'status', 'voucher', 'notes', 'bookingDateTime'] as const;

/** The 'Only my bookings' switch in the address. */
export const MINE_PARAM = 'mine';

/**
 * The list in the address (kept across a reload and Back from a booking):
 * `?date=2026-05-01..2026-05-31&q=smith&agents=4&hotels=3,7&offers=9&mine=true&page=2&sort=guestName`.
 */
export const AGENT_LIST_URL: TableUrlSpec = {
  filters: [
    { field: FILTER_KEYS.date, param: 'date', type: 'optional-date-range' },
    { field: FILTER_KEYS.text, param: 'q', type: 'text' },
    { field: FILTER_KEYS.agents, param: 'agents', type: 'multi-select-number' },
    { field: FILTER_KEYS.hotels, param: 'hotels', type: 'multi-select-number' },
    { field: FILTER_KEYS.offers, param: 'offers', type: 'multi-select-number' },
  ],
  toggles: [MINE_PARAM],
  sortFields: AGENT_SORT_FIELDS,
  defaultSort: DEFAULT_SORT,
};

/** What an agent list asks GET /api/agent/bookings|commissions for. */
export interface AgentListQuery {
  page: number;
  orderBy: string;
  orderType: SortType;
  /** DD.MM.YYYY or '' (spec 02 §5: the bookings lists take these). */
  from: string;
  to: string;
  /** Free text, lowercased. */
  f: string;
  showMy: boolean;
  agentIds: number[];
  hotelIds: number[];
  offerIds: number[];
  groupId: number | null;
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'; '' stays ''. */
export const isoToDmy = (iso: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

export function fromTableFilter(filter: TableFilter, showMy: boolean, groupId: number | null): AgentListQuery {
  const range = filter.dateRangeFilters[FILTER_KEYS.date];
  return {
    page: Math.max(1, filter.page || 1),
    orderBy: filter.sortField ?? DEFAULT_SORT.field,
    orderType: filter.sortField ? (filter.sortType ?? 'ASC') : DEFAULT_SORT.type,
    from: isoToDmy(range?.startDate ?? ''),
    to: isoToDmy(range?.endDate ?? ''),
    f: (filter.textFilters[FILTER_KEYS.text] ?? '').trim().toLowerCase(),
    showMy,
    agentIds: filter.multiSelectNumberFilters[FILTER_KEYS.agents] ?? [],
    hotelIds: filter.multiSelectNumberFilters[FILTER_KEYS.hotels] ?? [],
    offerIds: filter.multiSelectNumberFilters[FILTER_KEYS.offers] ?? [],
    groupId,
  };
}

/** The query string (empty values left out). */
export function listParams(q: AgentListQuery): URLSearchParams {
  const p = new URLSearchParams();
  p.set('page', String(q.page));
  p.set('pageSize', String(PAGE_SIZE));
  p.set('orderBy', q.orderBy);
  p.set('orderType', q.orderType);
  if (q.from) p.set('from', q.from);
  if (q.to) p.set('to', q.to);
  if (q.f) p.set('f', q.f);
  p.set('showMy', q.showMy ? '1' : '0');
  if (q.agentIds.length) p.set('agentIds', q.agentIds.join(','));
  if (q.hotelIds.length) p.set('hotelIds', q.hotelIds.join(','));
  if (q.offerIds.length) p.set('offerIds', q.offerIds.join(','));
  if (q.groupId !== null) p.set('groupId', String(q.groupId));
  return p;
}

/**
 * The key of what an empty list says when no column filter is set (with one set, the table says no rows match):
 * there are no bookings yet, none of the user's own ('Only my bookings'), or none for the arrival group.
 */
export function emptyListKey(groupId: number | null, showMy: boolean): 'empty' | 'emptyMine' | 'emptyGroup' {
  if (showMy) return 'emptyMine';
  return groupId === null ? 'empty' : 'emptyGroup';
}
