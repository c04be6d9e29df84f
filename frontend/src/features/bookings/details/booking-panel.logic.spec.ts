import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { amendValuesOf, escapeStep, formAfterReload, keepOwnChanges, lookupState, panelFocus, STALE_AFTER_ACTION } from './booking-panel.logic';

const idle = { asking: false, formOpen: false, pending: false, conflict: false, error: false, done: false };

describe('a lookup under a form field', () => {
  it('says it failed when the query failed, though TanStack Query counts a failure as fetched', () => {
    expect(lookupState({ isFetching: false, isError: true, isSuccess: false }, 0)).toBe('failed');
  });

  it('says there is nothing only after a successful empty answer', () => {
    expect(lookupState({ isFetching: false, isError: false, isSuccess: true }, 0)).toBe('empty');
    expect(lookupState({ isFetching: false, isError: false, isSuccess: true }, 3)).toBe('ready');
  });

  it('says it is loading while it fetches, also on a retry after a failure, and nothing while it is off', () => {
    expect(lookupState({ isFetching: true, isError: false, isSuccess: false }, 0)).toBe('loading');
    expect(lookupState({ isFetching: true, isError: true, isSuccess: false }, 0)).toBe('loading');
    expect(lookupState({ isFetching: false, isError: false, isSuccess: false }, 0)).toBe('off');
  });

  it('keeps what it found while it refetches in the background', () => {
    expect(lookupState({ isFetching: true, isError: false, isSuccess: true }, 2)).toBe('ready');
  });
});

describe('the focus after an action', () => {
  it('goes to the refusal once a confirm or complete failed (the question that had it is gone)', () => {
    expect(panelFocus({ ...idle, error: true })).toBe('error');
    expect(panelFocus({ ...idle, conflict: true })).toBe('conflict');
  });

  it("goes to the refusal of a form's save too, though the form stays open", () => {
    expect(panelFocus({ ...idle, formOpen: true, error: true })).toBe('error');
    expect(panelFocus({ ...idle, formOpen: true, conflict: true })).toBe('conflict');
  });

  it('stays put while a question is asked or an action runs, and in an open form without a refusal', () => {
    expect(panelFocus({ ...idle, asking: true })).toBeNull();
    expect(panelFocus({ ...idle, pending: true, error: true })).toBeNull();
    expect(panelFocus({ ...idle, formOpen: true })).toBeNull();
  });

  it("goes to a success's result, else back to the button that opened the form or question", () => {
    expect(panelFocus({ ...idle, done: true })).toBe('done');
    expect(panelFocus(idle)).toBe('opener');
  });
});

describe('Escape in the panel', () => {
  it('first brings back a form hidden behind the History tab instead of dropping what was typed', () => {
    expect(escapeStep({ asking: false, formOpen: true, historyShown: true })).toBe('show-form');
    expect(escapeStep({ asking: false, formOpen: true, historyShown: false })).toBe('leave-form');
  });

  it('answers a question first and closes the panel last', () => {
    expect(escapeStep({ asking: true, formOpen: true, historyShown: true })).toBe('dismiss-question');
    expect(escapeStep({ asking: false, formOpen: false, historyShown: true })).toBe('close');
  });
});

describe("a 409's Reload", () => {
  it('keeps a typed decline or cancel reason', () => {
    expect(formAfterReload('cancel')).toBe('cancel');
    expect(formAfterReload('decline', ['confirm', 'decline', 'cancel'])).toBe('decline');
  });

  it('closes the reason form when the fresh booking no longer allows the action', () => {
    expect(formAfterReload('decline', ['cancel', 'amend'])).toBeNull();
    expect(formAfterReload('cancel', [])).toBeNull();
  });

  it('keeps the amend form (it takes in the fresh values it did not change) and closes the reschedule form', () => {
    expect(formAfterReload('amend', ['cancel', 'amend'])).toBe('amend');
    expect(formAfterReload('amend', ['complete'])).toBeNull();
    expect(formAfterReload('reschedule', ['amend', 'reschedule'])).toBeNull();
    expect(formAfterReload(null)).toBeNull();
  });
});

describe("the amend form after someone else's save", () => {
  const booking = { guestName: 'Emma Dubois', roomNumber: '12', phones: ['+971 50 1'], hotelId: 4, customHotelName: null, voucher: 'V-1', notes: '' };
  it('takes their value where this form left a field as it was, and keeps its own where it changed one', () => {
    const was = amendValuesOf(booking);
    const theirs = amendValuesOf({ ...booking, notes: 'Note from A', roomNumber: '14' });
    const mine = { ...was, guestName: 'Emma Dubois-B', roomNumber: '15' };
    expect(keepOwnChanges(mine, was, theirs)).toEqual({ ...theirs, guestName: 'Emma Dubois-B', roomNumber: '15' });
    // Phones compare as a list; an untouched one follows theirs.
    expect(keepOwnChanges(was, was, amendValuesOf({ ...booking, phones: ['+971 50 2', '+7 900'] })).phones).toEqual(['+971 50 2', '+7 900']);
    expect(keepOwnChanges({ ...was, phones: ['+971 50 9'] }, was, amendValuesOf({ ...booking, phones: ['+971 50 2'] })).phones).toEqual(['+971 50 9']);
  });
});

describe('what an action makes stale elsewhere', () => {
  it("names the manifests, their staff, availability, reports and the time slot lookups by their queries' keys", () => {
    expect(STALE_AFTER_ACTION).toEqual(expect.arrayContaining([['manifest'], ['manifest-staff'], ['availability'], ['report'], ['bookings', 'slot-options']]));
  });

  it('uses the prefixes those screens really key their queries by', () => {
    const source = (path: string) => readFileSync(join(__dirname, '..', '..', path), 'utf8');
    expect(source('manifests/manifests.api.ts')).toMatch(/queryKey: \['manifest', /);
    expect(source('manifests/manifests.api.ts')).toMatch(/queryKey: \['manifest-staff', /);
    expect(source('availability/api/get-availability.ts')).toMatch(/availabilityKey = \([^)]*\) => \['availability', /);
    expect(source('reports/reports.api.ts')).toMatch(/queryKey: \['report', /);
    expect(source('bookings/details/api/list-slot-options.ts')).toMatch(/queryKey: \[\.\.\.SLOT_OPTIONS_KEY, /);
  });
});
