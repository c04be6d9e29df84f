import { z } from 'zod';
import { NO_HOTEL_ID } from '@tbo/scheduling/src/pure/pickup-window.pure';
import { isCompleteTime, minutesToTime, timeToMinutes } from '@tbo/scheduling/src/pure/time-of-day.pure';
import type { Hotel, Region } from '../api/list-places';
import type { PickUpTime } from '../api/pickup-time.schema';
import type { PickUpTimePayload } from '../api/save-pickup-time';

/**
 * The pick-up time form (spec 02 §2 Pick-up time edit, §3, §5): name, fixed-time flag, one start / end pair (HH:MM
 * text, '' when unset) per region and per hotel. What the rows show (names, cities) is kept beside the form, in
 * the same order, so the form holds only what the user edits.
 */

export interface TimeRow {
  start: string;
  end: string;
}

export interface PickUpTimeForm {
  name: string;
  isFixedTime: boolean;
  regions: TimeRow[];
  hotels: TimeRow[];
}

export interface RegionInfo {
  regionId: number;
  name: string;
  cityName: string;
  isActive: boolean;
}

export interface HotelInfo {
  hotelId: number;
  /** '' for the 'No Hotel' row (its name is the screen's own text). */
  name: string;
  regionName: string;
  cityName: string;
}

export interface EditorRows {
  regions: RegionInfo[];
  hotels: HotelInfo[];
}

export const NAME_MAX_LENGTH = 200;
/** Spec 02 §9: the mass-set action starts at 00:00. */
export const MASS_SET_DEFAULT = '00:00';

export const isNoHotel = (h: HotelInfo) => h.hotelId === NO_HOTEL_ID;
export const hasTime = (r: TimeRow) => r.start !== '' || r.end !== '';

const toText = (minutes: number | null): string => (minutes === null ? '' : minutesToTime(minutes));
const toMinutes = (text: string): number | null => (text === '' ? null : timeToMinutes(text));

/**
 * The rows and the form's values: the regions of the saved pick-up time (every region, with its window or none) or,
 * for a new one, the regions of the list; 'No Hotel' first, then every hotel, each with its override if it has one.
 */
export function toEditor(item: PickUpTime | null, regions: readonly Region[], hotels: readonly Hotel[]): { rows: EditorRows; values: PickUpTimeForm } {
  const regionLines = item ? item.regionsPickUpTimes : regions.map((r) => ({ regionId: r.id, name: r.name, cityName: r.cityName, isActive: r.isActive, timeStart: null, timeEnd: null }));
  const overrides = new Map((item?.hotelsPickUpTimes ?? []).map((h) => [h.hotelId, h]));
  const hotelInfos: HotelInfo[] = [
    { hotelId: NO_HOTEL_ID, name: '', regionName: '', cityName: '' },
    ...hotels.filter((h) => h.id !== NO_HOTEL_ID).map((h) => ({ hotelId: h.id, name: h.name, regionName: h.regionName, cityName: h.cityName })),
  ];
  const listed = new Set(hotelInfos.map((h) => h.hotelId));
  // An override of a hotel the list no longer has is kept (and shown) rather than dropped on the next save.
  for (const h of overrides.values()) if (!listed.has(h.hotelId)) hotelInfos.push({ hotelId: h.hotelId, name: h.name, regionName: h.regionName, cityName: h.cityName });
  return {
    rows: {
      regions: regionLines.map((r) => ({ regionId: r.regionId, name: r.name, cityName: r.cityName, isActive: r.isActive })),
      hotels: hotelInfos,
    },
    values: {
      name: item?.name ?? '',
      isFixedTime: item?.isFixedTime ?? false,
      regions: regionLines.map((r) => ({ start: toText(r.timeStart), end: toText(r.timeEnd) })),
      hotels: hotelInfos.map((h) => {
        const o = overrides.get(h.hotelId);
        return { start: toText(o?.timeStart ?? null), end: toText(o?.timeEnd ?? null) };
      }),
    },
  };
}

export interface BuiltPayload {
  payload: PickUpTimePayload;
  /** The form row of each hotel entry sent (the server names a hotel's problem by its place in what was sent). */
  hotelRows: number[];
}

/** Spec 02 §5: every region entry, and only the hotel entries with a start or an end time. */
export function toPayload(values: PickUpTimeForm, rows: EditorRows, id: number, version: number | null): BuiltPayload {
  const hotelRows = values.hotels.flatMap((h, i) => (hasTime(h) ? [i] : []));
  return {
    hotelRows,
    payload: {
      id,
      version,
      name: values.name.trim(),
      isFixedTime: values.isFixedTime,
      regionsPickUpTimes: values.regions.map((r, i) => ({ regionId: rows.regions[i]!.regionId, timeStart: toMinutes(r.start), timeEnd: toMinutes(r.end) })),
      hotelsPickUpTimes: hotelRows.map((i) => ({ hotelId: rows.hotels[i]!.hotelId, timeStart: toMinutes(values.hotels[i]!.start), timeEnd: toMinutes(values.hotels[i]!.end) })),
    },
  };
}

/** The form field of a server field error ('hotelsPickUpTimes.2.timeEnd' → 'hotels.{row}.end'), or null. */
export function formPathOfServerField(key: string, hotelRows: readonly number[]): string | null {
  if (key === 'name') return 'name';
  const m = /^(regionsPickUpTimes|hotelsPickUpTimes)\.(\d+)\.(timeStart|timeEnd|regionId|hotelId)$/.exec(key);
  if (!m) return null;
  const sent = Number(m[2]);
  const row = m[1] === 'regionsPickUpTimes' ? sent : hotelRows[sent];
  if (row === undefined) return null;
  return `${m[1] === 'regionsPickUpTimes' ? 'regions' : 'hotels'}.${row}.${m[3] === 'timeEnd' ? 'end' : 'start'}`;
}

/** The mass-set action: `start` and `end` on the rows at `indexes`, the others unchanged. */
export function massSet(rows: readonly TimeRow[], indexes: Iterable<number>, start: string, end: string): TimeRow[] {
  const chosen = new Set(indexes);
  return rows.map((r, i) => (chosen.has(i) ? { start, end } : r));
}

export interface FormTexts {
  nameRequired: string;
  nameTooLong: string;
  time: string;
  startAfterEnd: string;
}

/** The form's rules with the screen's messages: a name (spec 02 §5), times as complete HH:MM, start not after end. */
export function buildSchema(texts: FormTexts) {
  const time = z.string().refine((v) => v === '' || isCompleteTime(v), texts.time);
  const row = z.object({ start: time, end: time }).superRefine((r, ctx) => {
    if (isCompleteTime(r.start) && isCompleteTime(r.end) && timeToMinutes(r.start) > timeToMinutes(r.end)) ctx.addIssue({ code: 'custom', path: ['end'], message: texts.startAfterEnd });
  });
  return z.object({
    name: z.string().refine((v) => v.trim() !== '', texts.nameRequired).refine((v) => v.trim().length <= NAME_MAX_LENGTH, texts.nameTooLong),
    isFixedTime: z.boolean(),
    regions: z.array(row),
    hotels: z.array(row),
  }) satisfies z.ZodType<PickUpTimeForm>;
}
