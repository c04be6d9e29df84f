import { z } from 'zod';
import { ApiError, apiCall, apiDownload, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';
import { pagedAnswerSchema } from '../../../ui/data-table/paging.schema';
import { decrementLoading, incrementLoading } from '../../../app/loading/loading';
import type { ManualArrival } from './manual-arrival';

/** One row of POST /api/arrivals/filtered (modules/arrivals/src/arrivals-view.ts). */
export const arrivalRowSchema = z.object({
  id: z.number(),
  listId: z.number(),
  paxId: z.string(),
  isDeleted: z.boolean(),
  touristName: z.string(),
  groupId: z.number().nullable(),
  groupInfoId: z.number().nullable(),
  hotelId: z.number().nullable(),
  hotelName: z.string(),
  hotelDisplay: z.string(),
  agencyId: z.number().nullable(),
  tdAgencyName: z.string(),
  arrivalDate: z.string().nullable(),
  arrivalTime: z.string(),
  departureDate: z.string().nullable(),
  departureTime: z.string(),
  age: z.number().nullable(),
  touristCountry: z.string(),
  roomType: z.string(),
  accType: z.string(),
  mealType: z.string(),
  arrivalFlight: z.string(),
  arrivalTerminal: z.string(),
  arrivalTransport: z.string(),
  departureFlight: z.string(),
  departureTerminal: z.string(),
  departureTransport: z.string(),
  pickUpTime: z.string(),
  hotelConfirmationNumber: z.string(),
  agentConfirmationNumber: z.string(),
  /** The guest's own notes (the list's or the manual entry's); notes below are the group's. */
  arrivalNotes: z.string(),
  groupStatus: z.number().nullable(),
  communicationStatus: z.number(),
  numberOfBookings: z.number(),
  status: z.number(),
  statusText: z.string(),
  phones: z.array(z.string()),
  phoneDisplay: z.string(),
  roomNumber: z.string(),
  notes: z.string(),
  meetingDate: z.string().nullable(),
  salesStaffIds: z.array(z.number()),
  salesStaffNames: z.string(),
  /** The group info's version the row shows (null: none saved yet): an edit of the row sends it back. */
  groupVersion: z.number().nullable(),
});
export type ArrivalRow = z.output<typeof arrivalRowSchema>;
const arrivalsPage = pagedAnswerSchema(arrivalRowSchema);

export interface ArrivalsBody {
  inHouse: boolean;
  groupId: number | null;
  page: number;
  pageSize: number;
  orderBy: string;
  orderType: 'ASC' | 'DESC';
  statuses: number[];
  salesStaffIds: number[];
  hotelIds: number[];
  meetingDate: { from: string | null; to: string | null };
  arrivalDate: { from: string | null; to: string | null };
  departureDate: { from: string | null; to: string | null };
  ageFrom: number | null;
  ageTo: number | null;
  filters: Record<string, string>;
  after?: string;
}

/** The position of the last change this page made: the next read waits for the list to show it. */
let lastPosition: string | null = null;
export const rememberPosition = (p: string | null | undefined) => {
  if (p) lastPosition = p;
};

export function fetchArrivals(body: ArrivalsBody, signal?: AbortSignal) {
  return apiCall(arrivalsPage, 'POST', '/api/arrivals/filtered', lastPosition ? { ...body, after: lastPosition } : body, { signal });
}

/** arrivals.xlsx of the whole filtered set. */
export function downloadArrivals(body: ArrivalsBody) {
  const { page: _p, pageSize: _s, ...rest } = body;
  return apiDownload('/api/arrivals/filtered/xlsx', lastPosition ? { ...rest, after: lastPosition } : rest, { silent: true });
}

const option = z.object({ id: z.number(), name: z.string() });
export const fetchHotelsWithArrivals = () => apiCall(z.array(option), 'GET', '/api/hotels/witharrivals');
/**
 * The platform's hotels, GET /api/hotels/supplier (the reference the other screens name hotels from): every hotel,
 * not only those the supplier's arrivals stay at now, so a group's room at a hotel nobody stays at any more is named.
 */
export const HOTEL_REFERENCE_KEY = ['hotels', 'supplier', 'arrivals'] as const;
export const fetchHotelReference = () => apiCall(z.array(option.passthrough()), 'GET', '/api/hotels/supplier', undefined, { silent: true });
/** The supplier's contracted agencies, GET /api/arrivals/agencies: the manual entry's Agency choice. */
export const fetchContractedAgencies = () => apiCall(z.array(option), 'GET', '/api/arrivals/agencies', undefined, { silent: true });
const salesSchema = z.array(z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string() }));
export type SalesPerson = z.output<typeof salesSchema>[number];
export const fetchSales = () => apiCall(salesSchema, 'GET', '/api/arrivals/sales');

const meetingSchema = z.object({
  date: z.string(),
  staffId: z.number().nullable(),
  staffName: z.string(),
  timeStart: z.number().nullable(),
  timeEnd: z.number().nullable(),
  isNoTime: z.boolean(),
  dateTimeDisplay: z.string(),
});
export type Meeting = z.output<typeof meetingSchema>;
const logSchema = z.object({ flag: z.number(), note: z.string(), byUserId: z.number().nullable(), byName: z.string(), at: z.string() });
export type LogEntry = z.output<typeof logSchema>;
export const groupSchema = z.object({
  groupId: z.number(),
  groupInfoId: z.number().nullable(),
  status: z.number().nullable(),
  notes: z.string(),
  phoneNumbers: z.array(z.string()),
  hotels: z.array(z.object({ hotelId: z.number(), roomNumber: z.string() })),
  meetings: z.array(meetingSchema),
  communicationStatus: z.number(),
  numberOfBookings: z.number(),
  version: z.number().nullable(),
  log: z.array(logSchema),
});
export type ArrivalGroup = z.output<typeof groupSchema>;

export function fetchGroup(groupId: number) {
  return apiCall(groupSchema, 'GET', `/api/arrivals/groups/${groupId}${lastPosition ? `?after=${encodeURIComponent(lastPosition)}` : ''}`);
}

export interface GroupInfoPayload {
  groupId: number;
  status: number;
  hotels: { hotelId: number; roomNumber: string }[];
  notes: string;
  phoneNumbers: string[];
  meetings: { date: string; staffId: number | null; timeStart: number | null; timeEnd: number | null; isNoTime: boolean }[];
  version: number | null;
}
const savedSchema = z.object({ position: z.string().nullish(), version: z.number().nullish() }).passthrough();

/** POST /api/arrivals/groupinfo; a stale version answers 409 (the caller says so). */
export async function saveGroupInfo(payload: GroupInfoPayload) {
  const saved = await apiCall(savedSchema, 'POST', '/api/arrivals/groupinfo', payload, { silent: true });
  rememberPosition(saved.position);
  return saved;
}

export async function logCommunication(groupId: number, flag: number, note: string) {
  const saved = await apiCall(savedSchema, 'POST', '/api/arrivals/groupinfo/log', { groupId, flag, note }, { silent: true });
  rememberPosition(saved.position);
  return saved;
}

const listSchema = z.array(z.object({ id: z.number(), name: z.string(), version: z.number(), count: z.number() }).passthrough());
export type ArrivalList = z.output<typeof listSchema>[number];
export const fetchLists = () => apiCall(listSchema, 'GET', '/api/arrivals/lists');

export const importAnswerSchema = z.object({
  listId: z.number(),
  listName: z.string(),
  mapping: z.array(
    z.object({
      column: z.number(),
      header: z.string(),
      field: z.string().nullable(),
      label: z.string().nullable(),
      // The Hotel and Agency columns: rows whose name matches none (imported with no hotel or agency).
      warnings: z.array(z.object({ row: z.number(), paxId: z.string(), touristName: z.string(), reason: z.string() })).optional(),
      unmatched: z.number().optional(),
    }),
  ),
  added: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  removed: z.number(),
  refused: z.number(),
  rows: z.array(z.object({ row: z.number(), action: z.enum(['add', 'change', 'remove', 'refuse']), paxId: z.string(), touristName: z.string(), reason: z.string().optional() })),
  imported: z.boolean(),
  version: z.number().nullable(),
  position: z.string().nullable(),
});
export type ImportAnswer = z.output<typeof importAnswerSchema>;

/** The xlsx file as the request body (the server reads it raw). */
export async function uploadArrivals(file: Blob, query: { listId?: number; name?: string; version?: number | null }, preview: boolean): Promise<ImportAnswer> {
  const q = new URLSearchParams();
  if (query.listId) q.set('listId', String(query.listId));
  if (query.name) q.set('name', query.name);
  if (query.version !== undefined && query.version !== null) q.set('version', String(query.version));
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  incrementLoading();
  try {
    const res = await fetch(`/api/arrivals/import${preview ? '/preview' : ''}?${q.toString()}`, { method: 'POST', headers, body: file });
    const data = (await res.json().catch(() => null)) as { IsOk?: boolean; Code?: number; Content?: unknown; ErrorTitle?: string; ErrorMessage?: string } | null;
    if (!res.ok || !data?.IsOk) throw new ApiError(data?.Code || res.status, data?.ErrorTitle || String(res.status), data?.ErrorMessage || res.statusText, data?.Content ?? null);
    const answer = importAnswerSchema.parse(data.Content);
    rememberPosition(answer.position);
    return answer;
  } finally {
    decrementLoading();
  }
}

export type { ManualArrival } from './manual-arrival';
export async function addManualArrival(body: ManualArrival) {
  const answer = await apiRequest<ImportAnswer>('POST', '/api/arrivals/manual', body, { silent: true });
  rememberPosition(answer.position);
  return answer;
}
