import { shorten } from './history-model';
import { plainText } from './plain-text';

/**
 * History values as words: booleans as Yes/No, ids as names, lists and records summarised (never JSON or GUIDs).
 * The page passes the translated words and, per field, how to name its ids.
 */

export interface HistoryWords {
  yes: string;
  no: string;
  /** One cancellation rule ('48 h before: 100 %'). */
  policyRule: (hours: number, percents: number) => string;
  /** An id no list knows ('#33'). */
  unknown: (id: unknown) => string;
}

/** Field → its value as text; undefined falls back to the generic description. */
export type HistoryFieldFormats = Record<string, (value: unknown, words: HistoryWords) => string | undefined>;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** One list item or record in a few words: its name, title or question; a stop list by its stops; a rule as a rule. */
function describeItem(v: unknown, words: HistoryWords): string {
  if (!isRecord(v)) return describeScalar(v, words);
  if (typeof v.hours === 'number' && typeof v.percents === 'number') return words.policyRule(v.hours, v.percents);
  const label = plainText(str(v.name) || str(v.title) || str(v.question));
  if (Array.isArray(v.stops)) {
    const stops = v.stops.filter(isRecord).map((s) => [str(s.timeDescription), plainText(str(s.name))].filter(Boolean).join(' '));
    return stops.length ? `${label}: ${stops.join(' → ')}` : label;
  }
  if (label) return label;
  // Anything else: its readable parts, without the keys that are ids.
  return Object.entries(v)
    .filter(([k]) => k !== 'guid' && k !== 'id' && !k.endsWith('Id') && k !== 'index')
    .map(([, x]) => describeScalar(x, words))
    .filter(Boolean)
    .join(' · ');
}

function describeScalar(v: unknown, words: HistoryWords): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? words.yes : words.no;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return /<[a-z][\s\S]*>/i.test(v) ? plainText(v) : v.trim();
  return describeItem(v, words);
}

/** A value as one short line ('' for nothing). */
export function describeHistoryValue(value: unknown, words: HistoryWords): string {
  if (Array.isArray(value)) return shorten(value.map((v) => describeItem(v, words)).filter(Boolean).join(', '));
  return shorten(describeScalar(value, words));
}

/** The formatter the history table uses: the field's own format where there is one, the generic one otherwise. */
export function historyFormat(words: HistoryWords, formats: HistoryFieldFormats = {}) {
  return (field: string, value: unknown): string => {
    const own = formats[field]?.(value, words);
    return own === undefined ? describeHistoryValue(value, words) : shorten(own);
  };
}

export interface NamedOption {
  value: number;
  label: string;
}

/**
 * The lists a history turns ids into names with (each may still be loading), and `label` for the fixed lists
 * ('recommendedFor.2' → 'Families With Infants', 'bookingTypes.1' → 'Live Book').
 */
export type HistoryNames<List extends string> = { [K in List]?: readonly NamedOption[] } & { label: (key: string) => string };

/** Ids (one or a list) as names from a reference list; an id the list does not know as words.unknown(id). */
export function namesOf(options: readonly NamedOption[] | undefined, words: HistoryWords, value: unknown): string | undefined {
  const one = (id: unknown) => options?.find((o) => o.value === id)?.label ?? words.unknown(id);
  if (value === null || value === undefined || value === 0) return '';
  if (Array.isArray(value)) return value.map(one).join(', ');
  return typeof value === 'number' ? one(value) : undefined;
}
