import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { serverFieldErrors } from '../../../app/forms/server-errors';
import { ApiError } from '../../../lib/api-client';
import { rememberPosition } from '../../../lib/read-after';
import type { BookingView, ChangedBooking } from './api/booking-view.schema';
import { bookingHistoryKey } from './api/get-booking-history';
import { bookingKey, expectBooking } from './api/get-booking';
import type { BookingAction } from './booking-actions.logic';
import { STALE_AFTER_ACTION } from './booking-panel.logic';

/**
 * Where the operator bookings list reads its ?after= from (lib/read-after): a change here makes the list's next
 * read wait for the read model to show it.
 */
export const BOOKINGS_AFTER_KEY = 'tbo.bookings.after';

/** What the last action left to say: its answer and the booking as it was before (for the price difference). */
export interface ActionOutcome {
  action: BookingAction;
  before: BookingView;
  answer: ChangedBooking;
}

export interface ActionState {
  pending: BookingAction | null;
  /** 409: someone changed the booking after this panel read it. */
  conflict: boolean;
  /** The refusal's own words (and any field message no form field takes). */
  error: string | null;
  /** The refusal's messages per form field (the server's field name, first part). */
  fieldErrors: Record<string, string>;
  done: ActionOutcome | null;
}

const idle: ActionState = { pending: null, conflict: false, error: null, fieldErrors: {}, done: null };

/**
 * Runs one action on the booking: shows its answer at once, re-reads the booking and its history (and marks the
 * other screens' data it changes stale), remembers the answered position for the list, and tells the page
 * (onChanged). A refusal is kept for the panel to show: a 409 as the reload offer, field messages on their fields,
 * anything else as one line.
 */
export function useBookingAction(view: BookingView | undefined, onChanged: () => void, fieldsOf: (action: BookingAction) => readonly string[]) {
  const client = useQueryClient();
  const [state, setState] = useState<ActionState>(idle);

  const run = useCallback(
    async (action: BookingAction, call: (id: number, version: number) => Promise<ChangedBooking>): Promise<boolean> => {
      if (!view) return false;
      setState({ ...idle, pending: action });
      try {
        const answer = await call(view.id, view.version);
        const { position, differenceUsd: _du, differenceAed: _da, ...next } = answer;
        expectBooking(view.id, next.version, position);
        client.setQueryData(bookingKey(view.id), next);
        rememberPosition(position, BOOKINGS_AFTER_KEY);
        void client.invalidateQueries({ queryKey: bookingKey(view.id) });
        void client.invalidateQueries({ queryKey: bookingHistoryKey(view.id) });
        // The booking's seats, people and amounts also feed the manifests, the availability grid, the reports and
        // the slot lookups: mark those stale so another screen reads them again instead of waiting out its staleTime.
        for (const queryKey of STALE_AFTER_ACTION) void client.invalidateQueries({ queryKey });
        setState({ ...idle, done: { action, before: view, answer } });
        onChanged();
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.code === 409) {
          setState({ ...idle, conflict: true });
          return false;
        }
        const placed: Record<string, string> = {};
        const unplaced: string[] = [];
        const fields = new Set(fieldsOf(action));
        for (const [key, messages] of Object.entries(serverFieldErrors(err instanceof ApiError ? err.content : null))) {
          const field = key.split(/[.[]/)[0] ?? key;
          if (fields.has(field)) placed[field] = [placed[field], ...messages].filter(Boolean).join(' ');
          else unplaced.push(...messages);
        }
        const message = err instanceof Error ? err.message : String(err);
        setState({ ...idle, fieldErrors: placed, error: [...new Set([message, ...unplaced])].join(' ') });
        return false;
      }
    },
    [client, view, onChanged, fieldsOf],
  );

  const reset = useCallback(() => setState(idle), []);
  const clearDone = useCallback(() => setState((s) => ({ ...s, done: null })), []);
  return { ...state, run, reset, clearDone };
}
