import type { Knex } from 'knex';
import { BOOKING_STATUS, bookingForDocuments, ticketsFit, type BookingView } from '@tbo/booking';
import type { EventStore } from '@tbo/kernel';
import { dubaiToday } from '@tbo/scheduling';
import type { BookingTicketJob } from './tickets.process-manager';
import { bookingSuppliersSql } from '../booking-suppliers.sql';

/** Bookings one sweep settles at most; the next sweep takes the rest. */
export const TICKETS_SWEEP_BATCH = 100;
/**
 * A booking changed more recently than this is left to its own job (queued, retrying or running): the sweep is
 * for jobs that gave up (5 attempts ≈ 15 s), not a race with them. Run together they would still be safe: the
 * per-booking advisory lock runs them one after the other, and the second finds the work done.
 */
export const TICKETS_SWEEP_MIN_AGE_MS = 60_000;

export interface TicketsSweepOptions {
  now?: Date;
  minAgeMs?: number;
  limit?: number;
  /** Only these suppliers' bookings (tests: a run's database holds other files' bookings). */
  suppliers?: readonly number[];
}

export interface TicketsSweepOutcome {
  /** Bookings the read tables showed unsettled (at most the batch). */
  candidates: number;
  /** Those left to their own job: changed too recently. */
  recent: number;
  /** The jobs the sweep ran, each with what it answered. */
  settled: { bookingId: number; action: BookingTicketJob['action']; outcome: unknown }[];
}

const S = BOOKING_STATUS;

/**
 * Candidates from the read tables (only a trigger: the allocation decides on the streams): bookings whose offer
 * requires tickets, not completed (their day is over), and
 * - confirmed, holding no codes: a shortage would have put them back to pending;
 * - not confirmed (cancelled, declined, pending again) and holding codes, on the booking or on the stock;
 * - confirmed and holding codes that do not fit (the SQL twin of ticketsFit in booking-view.pure.ts: one code per
 *   adult, child and infant, by category, none expiring before the booking's date).
 * Two bounded sets are looked at, not every booking ever made: the bookings from `today` on (a past tour needs no
 * codes), found per supplier on the operator list's (supplier_id, date) index, and the unexpired codes the stock
 * shows held by a booking that is no longer confirmed, whatever its date (such a code can still be sold; an expired
 * one cannot). Only those bookings' details are read, so a run costs the coming weeks, not the whole history.
 */
export async function unsettledTicketBookings(db: Knex, limit: number, suppliers?: readonly number[], today: string = dubaiToday()): Promise<number[]> {
  const supplierIds = bookingSuppliersSql(suppliers);
  const rows = await db.raw<{ rows: { id: number }[] }>(
    `WITH suppliers AS (${supplierIds.sql}),
     candidates AS (
       SELECT b.id FROM suppliers s
         JOIN bookings b ON b.supplier_id = s.id AND b.date >= ?::date
        WHERE b.tickets_required AND b.status <> ${S.completed}
       UNION
       SELECT c.booking_id FROM suppliers s
         JOIN ticket_codes c ON c.supplier_id = s.id AND c.booking_id IS NOT NULL AND c.expires_on >= ?::date
         JOIN bookings b ON b.id = c.booking_id
        WHERE b.status NOT IN (${S.normal}, ${S.completed})
     ),
     b AS (
       SELECT d.id, d.supplier_id, (d.view->>'status')::int AS status, d.view,
              CASE WHEN jsonb_typeof(d.view->'tickets') = 'array' THEN d.view->'tickets' ELSE '[]'::jsonb END AS held
         FROM candidates x JOIN booking_details d ON d.id = x.id
        WHERE d.view->>'ticketsRequired' = 'true' AND (d.view->>'status')::int <> ${S.completed}
     )
     SELECT b.id FROM b
      WHERE (b.status = ${S.normal} AND jsonb_array_length(b.held) = 0)
         OR (b.status <> ${S.normal} AND jsonb_array_length(b.held) > 0)
         OR (b.status <> ${S.normal} AND EXISTS (SELECT 1 FROM ticket_codes c WHERE c.supplier_id = b.supplier_id AND c.booking_id = b.id))
         OR (b.status = ${S.normal} AND jsonb_array_length(b.held) > 0 AND NOT (
               SELECT count(*) FILTER (WHERE t->>'category' = '0') = COALESCE((b.view->>'adults')::int, 0)
                  AND count(*) FILTER (WHERE t->>'category' = '1') = COALESCE((b.view->>'children')::int, 0)
                  AND count(*) FILTER (WHERE t->>'category' = '2') = COALESCE((b.view->>'infants')::int, 0)
                  AND bool_and(t->>'expiresOn' >= b.view->>'date')
                 FROM jsonb_array_elements(b.held) t))
      ORDER BY b.id
      LIMIT ?`,
    [...supplierIds.bindings, today, today, limit],
  );
  return rows.rows.map((r) => Number(r.id));
}

/** The job that settles a booking as its stream now stands (null: nothing to settle). */
export function sweepJobFor(view: BookingView, revision: number): BookingTicketJob | null {
  if (!view.ticketsRequired || view.status === S.completed) return null;
  const base = { bookingId: view.id, revision };
  if (view.status === S.cancelled) return { ...base, action: 'return', reason: view.declineReason !== null ? 'declined' : 'cancelled' };
  // Confirmed and holding nothing: take codes. Otherwise codes that no longer fit (or any, when not confirmed) go back first.
  const held = view.tickets?.length ?? 0;
  if (view.status === S.normal && held === 0) return { ...base, action: 'allocate' };
  // Settled since the read tables showed it (they lag the stream).
  if (view.status === S.normal && ticketsFit(view)) return null;
  return { ...base, action: 'reallocate' };
}

/**
 * Settles the bookings whose tickets disagree with their state: run every few minutes by the worker (a job on the
 * tickets queue), so a tickets job that ran out of attempts (a database failover longer than its backoff) costs
 * at most one sweep's wait instead of codes held for good by a cancelled booking, or a confirmed one without codes
 * and without a 'short' record. Each booking runs the same job its event queues (`settle`: the processor's, with
 * the per-booking lock), decided on its stream: safe to repeat, and beside the normal jobs and other sweeps.
 * A booking that fails is reported after the others were tried (the sweep job then fails, and is retried).
 */
export async function sweepTickets(
  deps: { db: Knex; store: EventStore },
  settle: (job: BookingTicketJob) => Promise<unknown>,
  options: TicketsSweepOptions = {},
): Promise<TicketsSweepOutcome> {
  const now = (options.now ?? new Date()).getTime();
  const minAgeMs = options.minAgeMs ?? TICKETS_SWEEP_MIN_AGE_MS;
  const ids = await unsettledTicketBookings(deps.db, options.limit ?? TICKETS_SWEEP_BATCH, options.suppliers, dubaiToday(options.now));
  const outcome: TicketsSweepOutcome = { candidates: ids.length, recent: 0, settled: [] };
  const failed: string[] = [];
  for (const bookingId of ids) {
    try {
      // The stream's view and the time of its last change that queues a tickets job (confirmed, rescheduled, ended…).
      const booking = await bookingForDocuments(deps.store, bookingId);
      if (!booking) continue;
      if (now - Date.parse(booking.versionAt) < minAgeMs) {
        outcome.recent++;
        continue;
      }
      const job = sweepJobFor(booking.view, booking.currentVersion);
      if (!job) continue;
      outcome.settled.push({ bookingId, action: job.action, outcome: await settle(job) });
    } catch (e) {
      failed.push(`${bookingId}: ${(e as Error).message}`);
    }
  }
  if (failed.length) throw new Error(`tickets sweep: ${failed.length} of ${ids.length} bookings failed (${failed.join('; ')})`);
  return outcome;
}
