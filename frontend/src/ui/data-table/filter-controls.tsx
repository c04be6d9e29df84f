import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { Popover } from '../common/popover';
import { useDebouncedCallback } from '../common/use-debounced';
import { DateInput } from '../fields/date-input';
import { SelectInput } from '../fields/inputs';
import { MultiSelect } from '../fields/multi-select';
import { formatDateRange, isReversedRange, isValidDisplayDate } from '../format/date';
import { applyNumericFilterInput } from '../format/number';
import type { ColumnFilter, FilterValue } from './types';

export interface FilterControlProps {
  filter: ColumnFilter;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
  /** The column's header text, for accessible names. */
  label: string;
  debounceMs: number;
}

/** A filter control of the filter row, by filter type (spec 01 §9). */
export function FilterControl(props: FilterControlProps) {
  const { filter } = props;
  switch (filter.type) {
    case 'none':
      return null;
    case 'text':
    case 'text-number':
      return <TextFilter {...props} numeric={filter.type === 'text-number'} placeholder={filter.placeholder} />;
    case 'select':
      return <SelectFilter {...props} options={filter.options} />;
    case 'multi-select':
    case 'multi-select-number':
      return <MultiSelectFilter {...props} options={filter.options} />;
    case 'date':
      return <DateFilter {...props} />;
    case 'year':
      return <YearFilter {...props} from={filter.from} to={filter.to} />;
    case 'date-range':
    case 'optional-date-range':
      return <DateRangeFilter {...props} optional={filter.type === 'optional-date-range'} emptyLabel={filter.emptyLabel} />;
  }
}

function TextFilter({ value, onChange, label, debounceMs, numeric, placeholder }: FilterControlProps & { numeric: boolean; placeholder?: string }) {
  const { t } = useTranslation('ui');
  const outer = typeof value === 'string' ? value : '';
  const [text, setText] = useState(outer);
  const debounced = useDebouncedCallback((v: string) => onChange(v === '' ? undefined : v), debounceMs);
  // Follow the table (clear filters) unless the user is typing.
  useEffect(() => {
    setText((cur) => (cur.trim() === outer ? cur : outer));
  }, [outer]);
  return (
    <span className="tbo-affix tbo-affix--sm">
      <input
        className="tbo-input tbo-input--sm"
        type="text"
        inputMode={numeric ? 'decimal' : undefined}
        value={text}
        placeholder={placeholder ?? (numeric ? t('table.filter.number') : t('table.filter.search'))}
        aria-label={t('table.filter.ariaLabel', { column: label })}
        onChange={(e) => {
          const next = numeric ? applyNumericFilterInput(text, e.target.value) : e.target.value;
          setText(next);
          debounced.call(next.trim());
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') debounced.flush();
          if (e.key === 'Escape' && text !== '') {
            e.stopPropagation();
            setText('');
            debounced.cancel();
            onChange(undefined);
          }
        }}
      />
      {text !== '' ? (
        <button
          type="button"
          className="tbo-affix__btn"
          aria-label={t('table.filter.clearOne', { column: label })}
          title={t('table.filter.clear')}
          onClick={() => {
            setText('');
            debounced.cancel();
            onChange(undefined);
          }}
        >
          <Icon name="x" size={12} />
        </button>
      ) : (
        <span className="tbo-affix__icon">
          <Icon name="search" size={12} />
        </span>
      )}
    </span>
  );
}

function SelectFilter({ value, onChange, label, options }: FilterControlProps & { options: { value: string | number; label: string }[] }) {
  const { t } = useTranslation('ui');
  return (
    <SelectInput
      size="sm"
      options={options}
      value={typeof value === 'string' && value !== '' ? (options.find((o) => String(o.value) === value)?.value ?? null) : null}
      placeholder={t('table.filter.all')}
      aria-label={t('table.filter.ariaLabel', { column: label })}
      onChange={(v) => onChange(v === null ? undefined : String(v))}
    />
  );
}

function MultiSelectFilter({ value, onChange, label, options }: FilterControlProps & { options: { value: string | number; label: string }[] }) {
  const { t } = useTranslation('ui');
  const current = (Array.isArray(value) ? value : []) as (string | number)[];
  return (
    <MultiSelect<string | number>
      size="sm"
      options={options}
      value={current}
      placeholder={t('table.filter.all')}
      ariaLabel={t('table.filter.ariaLabel', { column: label })}
      onChange={(v) => onChange(v.length ? (v as string[] | number[]) : undefined)}
    />
  );
}

function DateFilter({ value, onChange, label }: FilterControlProps) {
  const { t } = useTranslation('ui');
  return (
    <DateInput size="sm" value={typeof value === 'string' ? value : ''} aria-label={t('table.filter.ariaLabel', { column: label })} onChange={(v) => onChange(v === '' ? undefined : v)} />
  );
}

function YearFilter({ value, onChange, label, from, to }: FilterControlProps & { from?: number; to?: number }) {
  const { t } = useTranslation('ui');
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    const last = to ?? now + 1;
    const first = from ?? now - 5;
    return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => ({ value: String(last - i), label: String(last - i) }));
  }, [from, to]);
  return (
    <SelectInput
      size="sm"
      options={years}
      value={typeof value === 'string' && value !== '' ? value : null}
      placeholder={t('table.filter.all')}
      aria-label={t('table.filter.ariaLabel', { column: label })}
      onChange={(v) => onChange(v === null ? undefined : v)}
    />
  );
}

function DateRangeFilter({ value, onChange, label, optional, emptyLabel }: FilterControlProps & { optional: boolean; emptyLabel?: string }) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLButtonElement>(null);
  const range = value && typeof value === 'object' && !Array.isArray(value) ? value : { from: '', to: '' };
  const fromOk = isValidDisplayDate(range.from);
  const toOk = isValidDisplayDate(range.to);
  const reversed = isReversedRange(range.from, range.to);
  const applied = !reversed && (optional ? fromOk || toOk : fromOk && toOk);
  const summary = applied ? (fromOk && toOk ? formatDateRange(range.from, range.to) : fromOk ? t('table.filter.fromDate', { date: range.from }) : t('table.filter.toDate', { date: range.to })) : (emptyLabel ?? t('table.filter.anyDate'));
  const pending = !applied && (range.from !== '' || range.to !== '');
  const set = (next: { from: string; to: string }) => onChange(next.from === '' && next.to === '' ? undefined : next);
  // The panel is at the end of the page: closing it must put the focus back on the filter, not drop it to <body>.
  const done = () => {
    setOpen(false);
    anchorRef.current?.focus();
  };
  return (
    <>
      <button
        ref={anchorRef}
        type="button"
        className={cx('tbo-combo tbo-combo--sm', !applied && 'tbo-combo--empty', pending && 'tbo-combo--pending')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${t('table.filter.ariaLabel', { column: label })}: ${summary}`}
        title={applied ? summary : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="calendar" size={13} className="tbo-combo__lead" />
        <span className="tbo-combo__text">{summary}</span>
      </button>
      <Popover open={open} anchorRef={anchorRef} onClose={() => setOpen(false)} width={300} ariaLabel={label}>
        <div className="tbo-range">
          <div className="tbo-range__row">
            <label className="tbo-range__label">
              <span>{t('table.filter.from')}</span>
              <DateInput size="sm" value={range.from} autoFocus onChange={(v) => set({ ...range, from: v })} />
            </label>
            <label className="tbo-range__label">
              <span>{t('table.filter.to')}</span>
              <DateInput size="sm" value={range.to} onChange={(v) => set({ ...range, to: v })} />
            </label>
          </div>
          <div className={cx('tbo-range__hint', pending && 'tbo-range__hint--warn')} role={reversed ? 'alert' : undefined} data-testid="date-range-hint">
            {reversed ? t('table.filter.reversedRange') : optional ? t('table.filter.optionalRangeHint') : t('table.filter.rangeHint')}
          </div>
          <div className="tbo-range__actions">
            <button type="button" className="tbo-link-btn" disabled={range.from === '' && range.to === ''} onClick={() => set({ from: '', to: '' })}>
              {t('table.filter.clear')}
            </button>
            <button type="button" className="tbo-btn tbo-btn--sm tbo-btn--primary" onClick={done} data-testid="date-range-done">
              {t('common.done')}
            </button>
          </div>
        </div>
      </Popover>
    </>
  );
}
