/**
 * The booking's history (GET /api/bookings/{id}/history) as the timeline shows it: newest first, each event named
 * in words, each change as 'label: before → after' with both sides formatted as the panel formats them. Ids and
 * the technical parts of an event (seat claims, departure keys) are left out: their names are in the same event.
 * Pure: the words come in from i18n, so the spec can check the mapping alone.
 */
import { formatAedAmount, formatNumber, formatUsdAmount } from '../../../ui/format/number';
import { isSystemAuthor } from '../../../ui/history/history-model';
import { isResellerAuthor } from '@tbo/kernel/src/pure/authors.pure';
import type { BookingHistoryEntry } from './api/booking-view.schema';
import { formatBusinessDate, formatDubaiDateTime, formatTimeOfDay } from './booking-format.logic';

/** The event's key in the booking-details namespace (history.events.*): BookingCreated → created. */
export function historyEventKey(type: string): string {
  const bare = type.replace(/^Booking/, '');
  return bare ? bare.charAt(0).toLowerCase() + bare.slice(1) : type;
}

type Kind = 'date' | 'time' | 'instant' | 'status' | 'count' | 'usd' | 'aed' | 'percent' | 'rate' | 'hours' | 'list' | 'policy' | 'tickets' | 'word' | 'text';

const KINDS: Record<string, Kind> = {
  date: 'date',
  startTime: 'time', endTime: 'time', pickUpTimeStart: 'time', pickUpTimeEnd: 'time',
  responseDueAt: 'instant', startsAt: 'instant', bookedAt: 'instant', 'cancellation.at': 'instant', 'checkIn.at': 'instant',
  status: 'status',
  adults: 'count', children: 'count', infants: 'count', foc: 'count', seats: 'count',
  paid: 'usd', collect: 'usd', paidOrig: 'aed', collectOrig: 'aed',
  hoursBeforeStart: 'hours',
  penaltyPercent: 'percent', commission: 'percent', vat: 'percent',
  phones: 'list',
  cancellationPolicy: 'policy',
  tickets: 'tickets',
  paidTo: 'word', collectTo: 'word', channel: 'word', commissionSource: 'word', cancellationPolicySource: 'word', 'checkIn.kind': 'word',
  convRate: 'rate',
};

/** Fields never shown: ids (the event carries the names beside them) and the seat bookkeeping. */
const HIDDEN = new Set(['id', 'supplierId', 'claimId', 'departure', 'validPeriodId', 'position', 'version']);
const isHidden = (path: string): boolean => path.split('.').some((part) => HIDDEN.has(part) || /Id$/.test(part));

function kindOf(path: string): Kind {
  const last = path.split('.').pop() ?? path;
  const known = KINDS[path] ?? KINDS[last];
  if (known) return known;
  if (/Usd$/.test(last) || last === 'grossSales' || last === 'agencyReceivable') return 'usd';
  if (/Aed$/.test(last)) return 'aed';
  return 'text';
}

/** The words the formatting needs, from the interface language. */
export interface HistoryWords {
  /** The field's label, or undefined when the namespace has none (then the name is spelt out). */
  label: (path: string) => string | undefined;
  /** A status code as the status filter names it. */
  status: (code: number) => string;
  /** The status a decline leaves (Cancelled by its code), as the panel and the lists name it ('Declined'). */
  declined: string;
  /** An enum value (paidTo 'agency', channel 'backoffice' …) in words, or undefined to show it as it is. */
  word: (field: string, value: string) => string | undefined;
  yes: string;
  no: string;
  /** One cancellation tier, e.g. '24 h before: 100 %'. */
  tier: (hours: number, percents: number) => string;
  hours: (n: number) => string;
  /** Hours before the start below 0 (cancelled after it), as the Details tab says it. */
  afterStart: string;
  /** Who a reseller's OCTO calls were made by. */
  resellerApi: string;
}

/** Ticket codes shown in one change; the rest are counted ('+ 12'). */
const TICKET_CODES_SHOWN = 5;

/** 'pickUpTimeStart' → 'Pick up time start': the fallback label of a field the namespace does not name. */
export function spellField(path: string): string {
  const last = path.split('.').pop() ?? path;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A change of a whole object (totals, prices) becomes one change per member that differs. */
export function flattenChanges(changes: readonly { field: string; before: unknown; after: unknown }[]): { field: string; before: unknown; after: unknown }[] {
  const out: { field: string; before: unknown; after: unknown }[] = [];
  const walk = (field: string, before: unknown, after: unknown) => {
    if (isPlainObject(before) || isPlainObject(after)) {
      const b = isPlainObject(before) ? before : {};
      const a = isPlainObject(after) ? after : {};
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) walk(`${field}.${key}`, b[key], a[key]);
      return;
    }
    out.push({ field, before, after });
  };
  for (const c of changes) walk(c.field, c.before, c.after);
  return out;
}

/** One value as the panel shows it; '' for nothing. */
export function formatHistoryValue(path: string, value: unknown, words: HistoryWords): string {
  if (value === null || value === undefined || value === '') return '';
  const kind = kindOf(path);
  const last = path.split('.').pop() ?? path;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  switch (kind) {
    case 'date':
      return typeof value === 'string' ? formatBusinessDate(value) || value : String(value);
    case 'time':
      return typeof value === 'number' || typeof value === 'string' ? formatTimeOfDay(value) : '';
    case 'instant':
      return typeof value === 'string' ? formatDubaiDateTime(value) || value : String(value);
    case 'status':
      return typeof value === 'number' ? words.status(value) : String(value);
    case 'usd':
      return typeof value === 'number' ? formatUsdAmount(value) : String(value);
    case 'aed':
      return typeof value === 'number' ? formatAedAmount(value) : String(value);
    // Decimals as the interface writes them ('3,65' and '12,5 %' on Russian screens, like the amounts beside them).
    case 'percent':
      return typeof value === 'number' ? `${formatNumber(value)} %` : `${String(value)} %`;
    case 'rate':
      return typeof value === 'number' ? formatNumber(value, 4) : String(value);
    case 'hours':
      if (typeof value !== 'number') return String(value);
      return value < 0 ? words.afterStart : words.hours(value);
    case 'policy':
      if (!Array.isArray(value)) return '';
      return value
        .filter(isPlainObject)
        .map((tier) => words.tier(Number(tier.hours), Number(tier.percents)))
        .join('; ');
    case 'tickets': {
      if (!Array.isArray(value)) return '';
      const codes = value.filter(isPlainObject).map((t) => String(t.code));
      const more = codes.length - TICKET_CODES_SHOWN;
      return more > 0 ? `${codes.slice(0, TICKET_CODES_SHOWN).join(', ')} + ${more}` : codes.join(', ');
    }
    case 'word':
      return typeof value === 'string' ? (words.word(last, value) ?? value) : String(value);
    case 'list':
    case 'count':
    case 'text':
    default:
      if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined && v !== '').map(String).join(', ');
      return String(value);
  }
}

export interface HistoryItemChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface HistoryItem {
  key: string;
  at: string;
  /** The person's name, or null for a change the system made. */
  by: string | null;
  eventKey: string;
  /** The event as it came, for an event the namespace has no words for. */
  type: string;
  reason: string | null;
  changes: HistoryItemChange[];
  /**
   * A document issued: which one, in words, and the change of the booking it was made from, by its time and event
   * (documents of two versions of a booking otherwise read alike). Its file's key, size and checksum stay in the API's answer.
   */
  document?: { kind: string; language: string; asOf: { at: string; eventKey: string } | null };
}

/** A cancellation's or a decline's reason is the event's own line, not a change. */
const REASONS = new Set(['reason', 'cancellation.reason', 'declineReason']);

/** The field's label by its path (cancellation.at), else by its own name (cancellation.refundUsd → refundUsd), else spelt out. */
const labelOf = (path: string, words: HistoryWords): string => words.label(path) ?? words.label(path.split('.').pop() ?? path) ?? spellField(path);

/**
 * Who made the change, or null for the system: the API names a `system:…` user (the document worker, the seed) or
 * none 'System' in English, which the timeline says in the interface's language instead.
 */
function byPerson(by: BookingHistoryEntry['by'], words: HistoryWords): string | null {
  if (!by || by.id === null || isSystemAuthor(String(by.id))) return null;
  if (isResellerAuthor(String(by.id))) return words.resellerApi;
  return by.name || String(by.id);
}

/** The document a DocumentIssued entry records (its change `document`), or null for any other entry. */
function documentOf(e: BookingHistoryEntry): { kind: string; language: string; bookingVersion: unknown } | null {
  if (e.type !== 'DocumentIssued') return null;
  const after = e.changes.find((c) => c.field === 'document')?.after;
  return isPlainObject(after) ? { kind: String(after.kind), language: String(after.language), bookingVersion: after.bookingVersion } : null;
}

/** The per-trip prices (a price per booking, whatever the number of people), which most tickets do not have. */
const TRIP_PRICE = /^prices\.trip(Rec|Net)(Usd|Aed)$/;

/**
 * What a booking was made with, less the per-trip prices of a ticket that has none (all of them 0): four lines of
 * 'USD 0.00' would say nothing. A ticket with a per-trip price keeps all four, a 0 among them included.
 */
function withoutUnusedTripPrices<C extends { field: string; after: unknown }>(changes: C[]): C[] {
  const trip = changes.filter((c) => TRIP_PRICE.test(c.field));
  return trip.every((c) => !c.after) ? changes.filter((c) => !TRIP_PRICE.test(c.field)) : changes;
}

/** The timeline: newest first, each change formatted, changes that read the same both ways left out. */
export function historyItems(entries: readonly BookingHistoryEntry[], words: HistoryWords): HistoryItem[] {
  const byRevision = new Map(entries.map((e) => [e.revision, e]));
  return entries
    .map((e, i): HistoryItem => {
      const shown = flattenChanges(e.changes).filter((c) => !isHidden(c.field));
      // Only the values booked with: a later change of a per-trip price (to or from 0) is a change worth reading.
      const flat = historyEventKey(e.type) === 'created' ? withoutUnusedTripPrices(shown) : shown;
      const reasonChange = flat.find((c) => REASONS.has(c.field));
      // A decline leaves status 4, Cancelled's code: its line says 'Declined', as the entry's heading and the panel do.
      const after = (c: { field: string; after: unknown }) => (e.type === 'BookingDeclined' && c.field === 'status' ? words.declined : formatHistoryValue(c.field, c.after, words));
      const changes = flat
        .filter((c) => !REASONS.has(c.field))
        .map((c) => ({ field: c.field, label: labelOf(c.field, words), before: formatHistoryValue(c.field, c.before, words), after: after(c) }))
        .filter((c) => c.before !== c.after);
      const reason = typeof reasonChange?.after === 'string' && reasonChange.after !== '' ? reasonChange.after : null;
      const item: HistoryItem = { key: `${String(e.revision)}-${i}`, at: formatDubaiDateTime(e.at), by: byPerson(e.by, words), eventKey: historyEventKey(e.type), type: e.type, reason, changes };
      const document = documentOf(e);
      if (!document) return item;
      const version = typeof document.bookingVersion === 'number' ? byRevision.get(document.bookingVersion) : undefined;
      return {
        ...item,
        changes: [],
        document: {
          kind: words.word('kind', document.kind) ?? document.kind,
          language: words.word('language', document.language) ?? document.language,
          asOf: version ? { at: formatDubaiDateTime(version.at), eventKey: historyEventKey(version.type) } : null,
        },
      };
    })
    .reverse();
}
