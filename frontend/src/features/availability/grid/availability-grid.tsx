import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/common/cx';
import type { AvailabilityDay, AvailabilityRow } from '../api/availability.schema';
import { cellStatus, dayMonth, fullDate, isoWeekday, isPast, moveFocus, rowKey, rowTime, sellableLeft, type GridPosition } from '../availability.logic';

interface AvailabilityGridProps {
  rows: AvailabilityRow[];
  /** The window's dates, in order (every row has one day for each). */
  dates: string[];
  today: string;
  onOpen: (row: AvailabilityRow, day: AvailabilityDay) => void;
}

function RowHeader({ row }: { row: AvailabilityRow }) {
  const { t } = useTranslation('availability');
  const time = rowTime(row);
  const isSlot = row.timeSlotId !== null;
  // A group's row: its earliest fixed time and its slots' names; a slot's row: its time (or its kind).
  const parts = [time ? (time.kind === 'time' ? time.text : t(`grid.${time.kind}`)) : null, isSlot ? null : row.timeSlotNames.join(', ') || t('grid.noSlots')].filter(Boolean);
  return (
    <th scope="row" className="availability-grid__row-head" data-testid="availability-row-head">
      <span className="availability-grid__name">{isSlot ? `${row.groupName} / ${row.name}` : row.name}</span>
      <span className="availability-grid__time">{parts.join(' · ')}</span>
    </th>
  );
}

/**
 * Slots × dates. Every day is a button showing seats left / capacity, coloured by its status; one of them is in
 * the tab order at a time and the arrow keys (Home, End, Ctrl+Home, Ctrl+End) move between them; Enter or a
 * click opens the day's dialog.
 */
export function AvailabilityGrid({ rows, dates, today, onOpen }: AvailabilityGridProps) {
  const { t } = useTranslation('availability');
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  const table = useRef<HTMLTableElement>(null);
  const at = { row: Math.min(active.row, rows.length - 1), col: Math.min(active.col, dates.length - 1) };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const next = moveFocus(at, e.key, e.ctrlKey || e.metaKey, rows.length, dates.length);
    if (!next) return;
    e.preventDefault();
    setActive(next);
    table.current?.querySelector<HTMLButtonElement>(`[data-row="${next.row}"][data-col="${next.col}"]`)?.focus();
  };

  const label = (row: AvailabilityRow, day: AvailabilityDay) => {
    const status = [t(`status.${cellStatus(day)}`), day.ownCapacity !== null ? t('grid.ownCapacity') : null, isPast(day.date, today) ? t('grid.past') : null].filter(Boolean).join(', ');
    const name = row.timeSlotId === null ? row.name : `${row.groupName} / ${row.name}`;
    return t('grid.cellLabel', { name, date: `${t(`weekdays.${isoWeekday(day.date)}`)} ${fullDate(day.date)}`, left: sellableLeft(day), capacity: day.capacity, status });
  };

  return (
    <div className="availability-grid__scroll">
      <table ref={table} className="availability-grid" data-testid="availability-grid" onKeyDown={onKeyDown}>
        <caption className="tbo-sr-only">{t('grid.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="availability-grid__corner">
              {t('grid.departure')}
            </th>
            {dates.map((date) => (
              <th key={date} scope="col" className={cx('availability-grid__day', date === today && 'is-today', isoWeekday(date) >= 6 && 'is-weekend')} data-testid="availability-day-head">
                <span className="availability-grid__weekday">{t(`weekdays.${isoWeekday(date)}`)}</span>
                <span className="availability-grid__date">{dayMonth(date)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={rowKey(row)} data-testid="availability-row" data-group-id={row.groupId} data-time-slot-id={row.timeSlotId ?? ''}>
              <RowHeader row={row} />
              {row.days.map((day, c) => {
                const status = cellStatus(day);
                return (
                  <td key={day.date} className="availability-grid__cell">
                    <button
                      type="button"
                      className={cx('availability-cell', `availability-cell--${status}`, day.ownCapacity !== null && 'is-own', isPast(day.date, today) && 'is-past')}
                      tabIndex={r === at.row && c === at.col ? 0 : -1}
                      data-row={r}
                      data-col={c}
                      data-date={day.date}
                      data-status={status}
                      data-testid="availability-cell"
                      aria-label={label(row, day)}
                      onFocus={() => setActive({ row: r, col: c })}
                      onClick={() => onOpen(row, day)}
                    >
                      {sellableLeft(day)} / {day.capacity}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
