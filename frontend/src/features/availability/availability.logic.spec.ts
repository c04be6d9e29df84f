import { cellStatus, chartState, moveFocus, rowTime, shiftWeeks, windowStart, withDeparture } from './availability.logic';
import type { AvailabilityRow } from './api/availability.schema';
import { expectSameKeysNoneEmpty } from '../../test-support/locale-files.testing';

const day = (over: Partial<{ closed: boolean; offered: boolean; left: number; capacity: number }> = {}) => ({ closed: false, offered: true, left: 30, capacity: 40, ...over });

describe('availability chart logic', () => {
  it('colours a day: closed, then not offered, then full, then low (20% left or less), else open', () => {
    expect(cellStatus(day({ closed: true, offered: false, left: 0 }))).toBe('closed');
    expect(cellStatus(day({ offered: false, left: 0 }))).toBe('notOffered');
    expect(cellStatus(day({ left: 0 }))).toBe('full');
    expect(cellStatus(day({ left: 0, capacity: 0 }))).toBe('full');
    expect(cellStatus(day({ left: 8 }))).toBe('low');
    expect(cellStatus(day({ left: 9 }))).toBe('open');
  });

  it('starts the window at ?from= when it is a date, else today, and scrolls by weeks', () => {
    expect(windowStart('2026-12-07', '2026-12-01')).toBe('2026-12-07');
    for (const bad of [null, '', '2026-02-30', '07.12.2026', '1999-12-31']) expect(windowStart(bad, '2026-12-01')).toBe('2026-12-01');
    expect(shiftWeeks('2026-12-29', 1)).toBe('2027-01-05');
    expect(shiftWeeks('2026-12-01', -1)).toBe('2026-11-24');
  });

  it('shows a fixed slot at its time, and anytime and no-time slots by their kind', () => {
    expect(rowTime({ startTime: 485, timeType: 0 })).toEqual({ kind: 'time', text: '08:05' });
    expect(rowTime({ startTime: 485, timeType: null })).toEqual({ kind: 'time', text: '08:05' });
    expect(rowTime({ startTime: 0, timeType: 1 })).toEqual({ kind: 'anytime' });
    expect(rowTime({ startTime: 0, timeType: 2 })).toEqual({ kind: 'noTime' });
    expect(rowTime({ startTime: null, timeType: null })).toBeNull();
  });

  it('shows the loading status until a grid arrives, the failure (with Retry) when this window could not be read, else the grid', () => {
    expect(chartState({ rows: undefined, showing: false, isError: false })).toBe('loading');
    expect(chartState({ rows: undefined, showing: false, isError: true })).toBe('failed');
    // The previous week stays on screen while the next one loads, but not when the next one failed.
    expect(chartState({ rows: [{}], showing: false, isError: false })).toBe('grid');
    expect(chartState({ rows: [{}], showing: false, isError: true })).toBe('failed');
    // A refresh of the window shown that failed keeps it.
    expect(chartState({ rows: [{}], showing: true, isError: true })).toBe('grid');
    expect(chartState({ rows: [], showing: true, isError: false })).toBe('empty');
  });

  it('moves the focus with the arrow keys, Home and End, and stays inside the grid', () => {
    const at = { row: 1, col: 1 };
    expect(moveFocus(at, 'ArrowRight', false, 3, 14)).toEqual({ row: 1, col: 2 });
    expect(moveFocus({ row: 0, col: 13 }, 'ArrowRight', false, 3, 14)).toEqual({ row: 0, col: 13 });
    expect(moveFocus(at, 'ArrowUp', false, 3, 14)).toEqual({ row: 0, col: 1 });
    expect(moveFocus({ row: 2, col: 0 }, 'ArrowDown', false, 3, 14)).toEqual({ row: 2, col: 0 });
    expect(moveFocus(at, 'Home', false, 3, 14)).toEqual({ row: 1, col: 0 });
    expect(moveFocus(at, 'End', true, 3, 14)).toEqual({ row: 2, col: 13 });
    expect(moveFocus(at, 'Enter', false, 3, 14)).toBeNull();
  });

  it("puts a change's answer into the one cell it changed", () => {
    const row = (timeSlotId: number | null): AvailabilityRow => ({
      groupId: 4,
      timeSlotId,
      name: 'A',
      groupName: 'A',
      startTime: 0,
      timeType: 0,
      timeSlotNames: [],
      baseCapacity: 40,
      days: ['2026-12-01', '2026-12-02'].map((date) => ({ date, capacity: 40, ownCapacity: null, taken: 0, held: 0, left: 40, closed: false, offered: true })),
    });
    const grid = { rows: [row(null), row(7)] };
    const next = withDeparture(grid, { groupId: 4, timeSlotId: 7, date: '2026-12-02', capacity: 5, ownCapacity: 5, taken: 0, held: 0, left: 5, closed: true });
    expect(next.rows[0]).toEqual(grid.rows[0]);
    expect(next.rows[1]!.days[0]).toEqual(grid.rows[1]!.days[0]);
    expect(next.rows[1]!.days[1]).toEqual({ date: '2026-12-02', capacity: 5, ownCapacity: 5, taken: 0, held: 0, left: 5, closed: true, offered: true });
  });
});

/** Every string of the chart exists in en and ru, none empty. */
describe('availability.json', () => {
  it('has the same keys in en and ru (plural forms aside), none empty, and the menu title', () => {
    const { en } = expectSameKeysNoneEmpty('availability', { byPluralBase: true });
    expect(en.title).toBe('Availability Chart');
    expect(en).toMatchObject({ loading: expect.any(String), errors: { load: expect.any(String), retry: expect.any(String) } });
  });
});
