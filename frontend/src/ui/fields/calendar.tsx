import '../common/ui.css';
import './fields.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { monthGrid, sameDay } from '../format/date';

export interface CalendarProps {
  value: Date | null;
  onPick: (date: Date) => void;
  /** Focus the selected (or today's) day when shown. */
  autoFocus?: boolean;
}

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const addMonths = (d: Date, n: number) => {
  const target = new Date(d.getFullYear(), d.getMonth() + n, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(d.getDate(), last));
};

const upperFirst = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** A month grid, Monday first, in the interface language. Arrows move by day or week, PageUp/PageDown by month, Enter picks. */
export function Calendar({ value, onPick, autoFocus }: CalendarProps) {
  const { t, i18n } = useTranslation('ui');
  const today = useMemo(() => {
    const n = new Date();
    return new Date(n.getFullYear(), n.getMonth(), n.getDate());
  }, []);
  const [active, setActive] = useState<Date>(value ?? today);
  const gridRef = useRef<HTMLDivElement>(null);
  const days = monthGrid(active.getFullYear(), active.getMonth());
  const locale = i18n.language || 'en';
  const monthTitle = upperFirst(new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(active));
  const weekdays = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    return Array.from({ length: 7 }, (_, i) => upperFirst(f.format(new Date(2024, 0, 1 + i)))); // 1 Jan 2024 was a Monday
  }, [locale]);
  const dayLabel = useMemo(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', weekday: 'long' }), [locale]);

  const focusActive = useRef(!!autoFocus);
  useEffect(() => {
    if (!focusActive.current) return;
    gridRef.current?.querySelector<HTMLButtonElement>('[data-active="true"]')?.focus();
  }, [active]);

  const move = (d: Date) => {
    focusActive.current = true;
    setActive(d);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, () => Date> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      PageUp: () => addMonths(active, -1),
      PageDown: () => addMonths(active, 1),
      Home: () => addDays(active, -((active.getDay() + 6) % 7)),
      End: () => addDays(active, 6 - ((active.getDay() + 6) % 7)),
    };
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      move(f());
    }
  };

  return (
    <div className="tbo-cal">
      <div className="tbo-cal__head">
        <button type="button" className="tbo-cal__nav" aria-label={t('date.prevMonth')} title={t('date.prevMonth')} onClick={() => setActive(addMonths(active, -1))}>
          <Icon name="chevronLeft" />
        </button>
        <div className="tbo-cal__title" aria-live="polite">
          {monthTitle}
        </div>
        <button type="button" className="tbo-cal__nav" aria-label={t('date.nextMonth')} title={t('date.nextMonth')} onClick={() => setActive(addMonths(active, 1))}>
          <Icon name="chevronRight" />
        </button>
      </div>
      <div className="tbo-cal__grid" role="grid" aria-label={monthTitle} ref={gridRef} onKeyDown={onKeyDown}>
        <div className="tbo-cal__row" role="row">
          {weekdays.map((w) => (
            <div key={w} className="tbo-cal__wd" role="columnheader">
              {w}
            </div>
          ))}
        </div>
        {Array.from({ length: 6 }, (_, week) => (
          <div className="tbo-cal__row" role="row" key={week}>
            {days.slice(week * 7, week * 7 + 7).map((d) => {
              const isActive = sameDay(d, active);
              return (
                <div role="gridcell" key={d.getTime()} aria-selected={sameDay(d, value)}>
                  <button
                    type="button"
                    tabIndex={isActive ? 0 : -1}
                    data-active={isActive}
                    aria-label={dayLabel.format(d)}
                    className={cx(
                      'tbo-cal__day',
                      d.getMonth() !== active.getMonth() && 'tbo-cal__day--out',
                      sameDay(d, today) && 'tbo-cal__day--today',
                      sameDay(d, value) && 'tbo-cal__day--selected',
                    )}
                    onClick={() => onPick(d)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onPick(d);
                      }
                    }}
                  >
                    {d.getDate()}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div className="tbo-cal__foot">
        <button type="button" className="tbo-link-btn" onClick={() => onPick(today)}>
          {t('date.today')}
        </button>
      </div>
    </div>
  );
}
