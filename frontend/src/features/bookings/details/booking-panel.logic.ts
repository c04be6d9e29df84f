/**
 * The booking panel's decisions that need no browser: what a list lookup inside a form says, where the focus goes
 * after an action, what Escape steps back to, what a 409's Reload keeps, and which other screens' data an action
 * makes stale.
 */
import type { BookingAction } from './booking-actions.logic';

/** A lookup a form needs (the time slots of a date, the hotels): what its field says under it. */
export type LookupState = 'off' | 'loading' | 'failed' | 'empty' | 'ready';

/**
 * TanStack Query 5 sets isFetched after a failure too, so "fetched and no rows" is no proof of an empty answer: a
 * failure must be told apart (with a retry), and 'empty' said only after a successful answer without rows. A
 * background refetch of rows already shown is no 'loading' (the options stay usable meanwhile); a retry after a
 * failure is.
 */
export function lookupState(q: { isFetching: boolean; isError: boolean; isSuccess: boolean }, rows: number): LookupState {
  if (q.isFetching && !q.isSuccess) return 'loading';
  if (q.isError) return 'failed';
  if (q.isSuccess) return rows === 0 ? 'empty' : 'ready';
  return 'off';
}

/** Where the panel puts the focus once its state settles (null: leave it where it is). */
export type PanelFocus = 'conflict' | 'error' | 'done' | 'opener' | null;

/**
 * The element that had the focus goes away when an action runs (the question closes; the form's buttons disable
 * while busy), so the focus would drop to <body> and Tab would leave the aria-modal panel. A refusal takes it (a
 * 409's reload offer before the message), a success its result; an open form keeps its own focus otherwise, and
 * leaving a form or a question gives it back to the button that opened it.
 */
export function panelFocus(s: { asking: boolean; formOpen: boolean; pending: boolean; conflict: boolean; error: boolean; done: boolean }): PanelFocus {
  if (s.asking || s.pending) return null;
  if (s.conflict) return 'conflict';
  if (s.error) return 'error';
  if (s.formOpen) return null;
  return s.done ? 'done' : 'opener';
}

/** What Escape does in the panel, innermost first. */
export type EscapeStep = 'dismiss-question' | 'show-form' | 'leave-form' | 'close';

/**
 * Escape steps back one level at a time. A form stays open (hidden) while the History tab shows, so Escape there
 * first brings the form back into view: it never throws away typed text the person cannot see.
 */
export function escapeStep(s: { asking: boolean; formOpen: boolean; historyShown: boolean }): EscapeStep {
  if (s.asking) return 'dismiss-question';
  if (s.formOpen) return s.historyShown ? 'show-form' : 'leave-form';
  return 'close';
}

/** The forms whose input depends on nothing the booking shows: a reason is as good after a reload as before. */
const KEEPS_INPUT_ON_RELOAD: ReadonlySet<BookingAction> = new Set(['decline', 'cancel', 'amend']);

/**
 * The form that stays open when a 409's Reload reads the booking again. A decline or cancel reason stays (as on the
 * agent's screen), and so does the amend form, which then takes the fresh values of the fields it did not change
 * (keepOwnChanges) — unless the fresh booking no longer allows the action (`allowed`: its actions now; undefined while
 * they are not known yet). The reschedule form's date, slot and counts go together: it closes and is opened again.
 */
export function formAfterReload<M extends BookingAction>(mode: M | null, allowed?: readonly BookingAction[]): M | null {
  if (!mode || !KEEPS_INPUT_ON_RELOAD.has(mode)) return null;
  if (allowed && !allowed.includes(mode)) return null;
  return mode;
}

/** The prefix of the reschedule form's time slot lookups (api/list-slot-options). */
export const SLOT_OPTIONS_KEY = ['bookings', 'slot-options'] as const;

/**
 * What any action on a booking (confirm, decline, cancel, amend, reschedule, complete) makes stale elsewhere, as
 * query key prefixes: the manifests and their staff lists (features/manifests), the availability grid's seats
 * (features/availability), the reports (features/reports) and the seats the time slot lookups showed. Without this,
 * those screens keep showing the old numbers until their staleTime passes.
 */
export const STALE_AFTER_ACTION: readonly (readonly string[])[] = [['manifest'], ['manifest-staff'], ['availability'], ['report'], SLOT_OPTIONS_KEY];

/** The 'Another hotel' choice of the amend form's hotel select. */
export const OTHER_HOTEL = -1;

/** What the amend form edits. */
export interface AmendValues {
  guestName: string;
  roomNumber: string;
  phones: string[];
  hotelId: number;
  customHotelName: string;
  voucher: string;
  notes: string;
}

export const amendValuesOf = (v: { guestName: string; roomNumber: string | null; phones: string[]; hotelId: number | null; customHotelName: string | null; voucher: string | null; notes: string | null }): AmendValues => ({
  guestName: v.guestName,
  roomNumber: v.roomNumber ?? '',
  phones: v.phones.length ? v.phones : [''],
  hotelId: v.hotelId ?? OTHER_HOTEL,
  customHotelName: v.customHotelName ?? '',
  voucher: v.voucher ?? '',
  notes: v.notes ?? '',
});

/**
 * A three-way merge after someone else's save: each field this form left as it was (`was`) takes theirs (`now`);
 * each it changed keeps its own. So a second save changes only what its author changed.
 */
export function keepOwnChanges(mine: AmendValues, was: AmendValues, now: AmendValues): AmendValues {
  const out = { ...mine };
  for (const key of Object.keys(mine) as (keyof AmendValues)[]) {
    if (JSON.stringify(mine[key]) === JSON.stringify(was[key])) (out as Record<keyof AmendValues, unknown>)[key] = now[key];
  }
  return out;
}
