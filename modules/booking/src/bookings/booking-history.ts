import type { Knex } from 'knex';
import { recordedAs, type BookingEvent, type DocumentIssuedData } from '@tbo/event-schemas';
import { isResellerAuthor, RESELLER_AUTHOR_NAME, type EventStore } from '@tbo/kernel';
import { evolveBookingView, type BookingView } from '../pure/booking-view.pure';
import { bookingStream } from './booking';

export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  revision: number;
  type: string;
  at: string;
  by: { id: string | null; name: string };
  status: number;
  statusText: string;
  changes: HistoryChange[];
}

/** The fields accounts follow, in the order a history shows them; prices and totals are compared as wholes. */
const FOLLOWED: readonly (keyof BookingView)[] = [
  'status', 'date', 'timeSlotName', 'adults', 'children', 'infants', 'foc', 'totals', 'prices', 'paid', 'paidOrig', 'paidTo', 'collect', 'collectOrig', 'collectTo',
  'guestName', 'roomNumber', 'phones', 'hotelName', 'pickUpTimeStart', 'pickUpTimeEnd', 'voucher', 'notes', 'cancellation', 'declineReason', 'checkIn',
  'tickets', 'ticketsShortReason',
];

/** Fields a booking gains later (its check-in, its tickets) are absent before: absent and null are the same here. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A document's entry: which one, of which version of the booking, and the file's fingerprint (every version stays listed). */
const documentOf = (d: DocumentIssuedData) => ({ kind: d.kind, language: d.language, bookingVersion: d.bookingVersion, storageKey: d.storageKey, checksum: d.checksum, bytes: d.bytes });

/**
 * Every change of a booking read from its stream, with who made it (the event's metadata) and each followed
 * field's value before and after: the stream is the audit trail, no table can drift from it. The first entry
 * lists what was booked (before: null); each document issued is an entry of its own (field `document`).
 */
export async function bookingHistory(store: EventStore, db: Knex, id: number): Promise<{ supplierId: number; entries: HistoryEntry[] } | null> {
  const events = recordedAs<BookingEvent>(await store.readStream(bookingStream(id)));
  let view: BookingView | null = null;
  const entries: HistoryEntry[] = [];
  for (const e of events) {
    const at = { revision: e.revision, recordedAt: e.recordedAt.toISOString(), userId: e.metadata.userId ?? null };
    const next = evolveBookingView(view, e, at);
    if (next && e.type !== 'BookingSeatClaimVoided') {
      const changes =
        e.type === 'DocumentIssued'
          ? [{ field: 'document', before: null, after: documentOf(e.data) }]
          : FOLLOWED.filter((f) => !same(view ? view[f] : null, next[f])).map((f) => ({ field: f, before: view ? (view[f] ?? null) : null, after: next[f] ?? null }));
      entries.push({ revision: e.revision, type: e.type, at: at.recordedAt, by: { id: at.userId, name: at.userId ?? '' }, status: next.status, statusText: next.statusText, changes });
    }
    view = next;
  }
  if (!view) return null;
  const emails = [...new Set(entries.map((x) => x.by.id).filter((x): x is string => !!x))];
  const names = new Map<string, string>(
    emails.length ? (await db('users').select('email', 'full_name').whereIn('email', emails)).map((u: { email: string; full_name: string }) => [u.email, u.full_name]) : [],
  );
  const nameOf = (id: string) => names.get(id) ?? (id.startsWith('system:') ? 'System' : isResellerAuthor(id) ? RESELLER_AUTHOR_NAME : id);
  for (const entry of entries) entry.by.name = (entry.by.id && nameOf(entry.by.id)) || 'System';
  return { supplierId: (view as BookingView).supplierId, entries };
}
