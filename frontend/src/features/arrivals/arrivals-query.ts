import type { TableFilter } from '../../ui/data-table/types';
import type { ArrivalsBody } from './api/arrivals.api';

export const PAGE_SIZE = 50;
/** Spec 02 §3, §9: arrivals sort by groupId ascending by default. */
export const DEFAULT_SORT = { field: 'groupId', type: 'ASC' as const };

/** Columns whose filter is a text search on the server (`filters`). */
export const TEXT_FILTERS = [
  'touristName', 'phone', 'roomNumber', 'touristCountry', 'tdAgencyName', 'notes', 'arrivalNotes', 'arrivalTerminal', 'arrivalFlight', 'arrivalTransport', 'roomType', 'accType',
  'mealType', 'departureFlight', 'departureTerminal', 'departureTransport', 'pickUpTime', 'hotelConfirmationNumber', 'agentConfirmationNumber', 'arrivalTime', 'departureTime',
] as const;

const range = (filter: TableFilter, key: string) => {
  const r = filter.dateRangeFilters[key];
  return { from: r?.startDate || null, to: r?.endDate || null };
};

/** The request body of POST /api/arrivals/filtered from the table's filter, the In House box and the ?groupId= of the address. */
export function toArrivalsBody(filter: TableFilter, inHouse: boolean, groupId: number | null): ArrivalsBody {
  const filters: Record<string, string> = {};
  for (const key of TEXT_FILTERS) {
    const v = filter.textFilters[key]?.trim();
    if (v) filters[key] = v;
  }
  const groupText = filter.textFilters.groupId?.trim();
  const group = groupId ?? (groupText && /^\d{1,9}$/.test(groupText) ? Number(groupText) : null);
  const ageText = filter.textFilters.age?.trim();
  const age = ageText && /^\d{1,3}$/.test(ageText) ? Number(ageText) : null;
  return {
    inHouse,
    groupId: group,
    page: Math.max(1, filter.page || 1),
    pageSize: PAGE_SIZE,
    orderBy: filter.sortField ?? DEFAULT_SORT.field,
    orderType: filter.sortField ? (filter.sortType ?? 'ASC') : DEFAULT_SORT.type,
    statuses: filter.multiSelectNumberFilters.status ?? [],
    salesStaffIds: filter.multiSelectNumberFilters.salesStaffNames ?? [],
    hotelIds: filter.multiSelectNumberFilters.hotelName ?? [],
    meetingDate: range(filter, 'meetingDate'),
    arrivalDate: range(filter, 'arrivalDate'),
    departureDate: range(filter, 'departureDate'),
    ageFrom: age,
    ageTo: age,
    filters,
  };
}

/** The group id in the address (?groupId=), or null. */
export function groupIdParam(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
