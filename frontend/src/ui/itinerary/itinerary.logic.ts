import { completeTime, minutesToTime, parseTime, timeToMinutes } from '@tbo/kernel/src/pure/time-of-day.pure';
import type { Itinerary, Stop } from '../../app/catalog/tour.types';

/**
 * Pure parts of the Itinerary tab and its popup (spec 01 §2 Itinerary popup, §3 Itinerary and Stop, §5): order and
 * re-indexing from 1, the stop times (minutes and HH:MM), the popup's draft and its validation.
 */

/** A copy of the list with `index` 1..n in list order. */
export function reindex<T extends { index: number }>(list: readonly T[]): T[] {
  return list.map((item, i) => (item.index === i + 1 ? item : { ...item, index: i + 1 }));
}

/** Moves the item at `from` one place up (-1) or down (+1), then re-indexes; out of range changes nothing but the indexes. */
export function moveItem<T extends { index: number }>(list: readonly T[], from: number, direction: -1 | 1): T[] {
  const to = from + direction;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return reindex(list);
  const next = list.slice();
  [next[from], next[to]] = [next[to]!, next[from]!];
  return reindex(next);
}

/** Removes the item at `at` and re-indexes the rest from 1. */
export function removeItem<T extends { index: number }>(list: readonly T[], at: number): T[] {
  return reindex(list.filter((_, i) => i !== at));
}

/** A v4 UUID: crypto.randomUUID where the page may use it (it needs a secure context), else getRandomValues. */
export function newGuid(c: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } | undefined = globalThis.crypto): string {
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A stop time as stored: minutes after midnight and its HH:MM text. Empty stays empty (0 minutes); unreadable is 0:0. */
export function toStopTime(text: string): { minutes: number; description: string } {
  const s = (text ?? '').trim();
  if (s === '') return { minutes: 0, description: '' };
  const minutes = timeToMinutes(completeTime(s));
  return { minutes, description: minutesToTime(minutes) };
}

/** The text a time input starts with for a stored stop time: its HH:MM (normalised), else the minutes, else empty. */
export function stopTimeText(description: string | null | undefined, minutes: number | null | undefined): string {
  const d = (description ?? '').trim();
  if (d !== '') {
    const { hours, minutes: m } = parseTime(d);
    return minutesToTime(hours * 60 + m);
  }
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutesToTime(minutes) : '';
}

export interface StopDraft {
  guid: string;
  name: string;
  /** HTML. */
  description: string;
  /** What the HH:MM inputs hold. */
  timeText: string;
  timeEndText: string;
  address: string;
  lat: number | null;
  lng: number | null;
}

export interface ItineraryDraft {
  name: string;
  stops: StopDraft[];
}

export function emptyStop(guid: () => string = newGuid): StopDraft {
  return { guid: guid(), name: '', description: '', timeText: '', timeEndText: '', address: '', lat: null, lng: null };
}

/** The popup's working copy: of an itinerary, or a new one with one empty stop (spec 01 §2). Stops without a guid get one. */
export function toDraft(itinerary: Itinerary | null, guid: () => string = newGuid): ItineraryDraft {
  if (!itinerary) return { name: '', stops: [emptyStop(guid)] };
  const seen = new Set<string>();
  return {
    name: itinerary.name ?? '',
    stops: (itinerary.stops ?? []).map((s) => {
      let g = s.guid;
      if (!g || seen.has(g)) g = guid();
      seen.add(g);
      return {
        guid: g,
        name: s.name ?? '',
        description: s.description ?? '',
        timeText: stopTimeText(s.timeDescription, s.time),
        timeEndText: stopTimeText(s.timeEndDescription, s.timeEnd),
        address: s.address ?? '',
        lat: s.lat ?? null,
        lng: s.lng ?? null,
      };
    }),
  };
}

export interface DraftErrors {
  name: boolean;
  /** One flag per stop: its name is missing. */
  stopNames: boolean[];
  any: boolean;
}

/** Itinerary name and every stop name are required (spec 01 §5); no stops is only a warning. */
export function validateDraft(draft: ItineraryDraft): DraftErrors {
  const name = draft.name.trim() === '';
  const stopNames = draft.stops.map((s) => s.name.trim() === '');
  return { name, stopNames, any: name || stopNames.some(Boolean) };
}

/** Spec 01 §5: 'Warning: Please add at least on stop'. */
export const needsStopWarning = (draft: ItineraryDraft): boolean => draft.stops.length === 0;

/** The itinerary to keep: ids kept, a guid for a new one, stops indexed from 1 with minutes and HH:MM. */
export function fromDraft(draft: ItineraryDraft, base: { id: number; guid: string; index: number; tourId: number }, guid: () => string = newGuid): Itinerary {
  const itineraryGuid = base.guid || guid();
  const stops: Stop[] = draft.stops.map((s, i) => {
    const time = toStopTime(s.timeText);
    const timeEnd = toStopTime(s.timeEndText);
    return {
      index: i + 1,
      guid: s.guid || guid(),
      itineraryId: base.id,
      name: s.name.trim(),
      description: s.description,
      time: time.minutes,
      timeEnd: timeEnd.minutes,
      timeDescription: time.description,
      timeEndDescription: timeEnd.description,
      address: s.address.trim(),
      lat: s.lat,
      lng: s.lng,
    };
  });
  return { guid: itineraryGuid, id: base.id, index: base.index, tourId: base.tourId, name: draft.name.trim(), stops };
}
