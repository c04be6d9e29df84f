import '../common/ui.css';
import './fields.css';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { Popover } from '../common/popover';
import type { ControlSize, SelectOption } from './inputs';

/** List height of a filter multi-select (spec 01 §9). */
export const MULTI_SELECT_LIST_HEIGHT = 300;

export interface MultiSelectProps<V extends string | number> {
  options: SelectOption<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  /** Shown when nothing is chosen (e.g. 'All' in a filter). */
  placeholder?: string;
  size?: ControlSize;
  invalid?: boolean;
  disabled?: boolean;
  id?: string;
  ariaLabel?: string;
  ariaLabelledBy?: string;
  /** The error or hint that describes the control (its Field's message). */
  'aria-describedby'?: string;
  /** Height of the option list (default 300). */
  listHeight?: number;
  /** A search box above the list (default when there are more than 7 options). */
  searchable?: boolean;
  onBlur?: () => void;
  className?: string;
}

/**
 * Several choices from a list: a button summarising the choice, opening a list of checkboxes with search,
 * select-all and clear. Arrow keys move through the list, Space ticks, Escape closes.
 */
export function MultiSelect<V extends string | number>({
  options,
  value,
  onChange,
  placeholder,
  size = 'md',
  invalid,
  disabled,
  id,
  ariaLabel,
  ariaLabelledBy,
  'aria-describedby': describedBy,
  listHeight = MULTI_SELECT_LIST_HEIGHT,
  searchable,
  onBlur,
  className,
}: MultiSelectProps<V>) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const anchorRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const textId = `${listId}-text`;
  const chosen = useMemo(() => new Set((value ?? []).map(String)), [value]);
  const withSearch = searchable ?? options.length > 7;
  const visible = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    return q ? options.filter((o) => o.label.toLocaleLowerCase().includes(q)) : options;
  }, [options, search]);

  const selectedLabels = options.filter((o) => chosen.has(String(o.value))).map((o) => o.label);
  const summary =
    selectedLabels.length === 0
      ? (placeholder ?? t('multiSelect.none'))
      : selectedLabels.length <= 2 && selectedLabels.join(', ').length <= 28
        ? selectedLabels.join(', ')
        : t('multiSelect.selected', { count: selectedLabels.length });

  const toggle = (v: V) => {
    const key = String(v);
    onChange(chosen.has(key) ? value.filter((x) => String(x) !== key) : [...value, v]);
  };
  const close = () => {
    setOpen(false);
    setSearch('');
    onBlur?.();
  };

  const focusItem = (index: number) => {
    const items = listRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    if (!items || items.length === 0) return;
    items[Math.max(0, Math.min(index, items.length - 1))]?.focus();
  };
  const onListKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLInputElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(at + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at <= 0 && withSearch) listRef.current?.parentElement?.querySelector<HTMLInputElement>('.tbo-ms__search input')?.focus();
      else focusItem(at - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusItem(items.length - 1);
    } else if (e.key === 'Enter' && at >= 0) {
      e.preventDefault();
      items[at]?.click();
    }
  };

  return (
    <>
      <button
        ref={anchorRef}
        id={id}
        type="button"
        className={cx('tbo-combo', size === 'sm' && 'tbo-combo--sm', selectedLabels.length === 0 && 'tbo-combo--empty', className)}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={ariaLabel ? `${ariaLabel}: ${summary}` : undefined}
        // The visible summary is part of the name too, so speech users can say what they see (WCAG 2.5.3).
        aria-labelledby={ariaLabel || !ariaLabelledBy ? undefined : `${ariaLabelledBy} ${textId}`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        title={selectedLabels.length > 0 ? selectedLabels.join(', ') : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span id={textId} className="tbo-combo__text">
          {summary}
        </span>
        {selectedLabels.length > 0 && <span className="tbo-combo__count">{selectedLabels.length}</span>}
        <Icon name="chevronDown" size={size === 'sm' ? 13 : 14} className="tbo-combo__chevron" />
      </button>
      <Popover open={open} anchorRef={anchorRef} onClose={close} width="anchor" minWidth={220} className="tbo-ms" role="dialog" ariaLabel={ariaLabel} ariaLabelledBy={ariaLabelledBy}>
        {withSearch && (
          <div className="tbo-ms__search">
            <Icon name="search" size={14} />
            <input
              className="tbo-input tbo-input--sm"
              type="search"
              autoFocus
              value={search}
              placeholder={t('multiSelect.search')}
              aria-label={t('multiSelect.search')}
              aria-controls={listId}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  focusItem(0);
                }
              }}
            />
          </div>
        )}
        <div className="tbo-ms__actions">
          <button type="button" className="tbo-link-btn" onClick={() => onChange([...value.filter((v) => !visible.some((o) => String(o.value) === String(v))), ...visible.map((o) => o.value)])}>
            {t('multiSelect.selectAll')}
          </button>
          <button type="button" className="tbo-link-btn" disabled={value.length === 0} onClick={() => onChange([])}>
            {t('multiSelect.clear')}
          </button>
        </div>
        <div
          ref={listRef}
          id={listId}
          className="tbo-ms__list"
          role="group"
          aria-label={ariaLabel}
          style={{ maxHeight: listHeight }}
          onKeyDown={onListKeyDown}
        >
          {visible.length === 0 && <div className="tbo-ms__empty">{t('multiSelect.noMatches')}</div>}
          {visible.map((o, i) => (
            <label key={String(o.value)} className={cx('tbo-ms__item', chosen.has(String(o.value)) && 'tbo-ms__item--on')} title={o.label.length > 30 ? o.label : undefined}>
              <input
                type="checkbox"
                className="tbo-checkbox"
                checked={chosen.has(String(o.value))}
                disabled={o.disabled}
                autoFocus={!withSearch && i === 0}
                onChange={() => toggle(o.value)}
              />
              <span className="tbo-ms__label">{o.label}</span>
            </label>
          ))}
        </div>
      </Popover>
    </>
  );
}
