import type { ICellRendererParams } from 'ag-grid-community';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { DateInput } from '../fields/date-input';
import { Checkbox, NumberInput, SelectInput, TextInput, TimeInput } from '../fields/inputs';
import { TABLE_NUMBER_MAX, TABLE_NUMBER_MIN } from '../format/number';
import { cellText, type BooleanLabels } from './cell-value';
import { useTable } from './context';
import type { DataTableColumn } from './types';

export interface DataCellParams<T> extends ICellRendererParams<T> {
  tableColumn: DataTableColumn<T>;
}

/** A data cell: the editor when its row is being edited, otherwise the column's content or text. */
export function DataCell<T>({ data, tableColumn: col }: DataCellParams<T>) {
  const { t } = useTranslation('ui');
  const { edit, getKey } = useTable<T>();
  if (!data) return null;
  if (col.editor && edit && edit.key === getKey(data)) return <CellEditor col={col} />;
  if (col.render) return <div className={cx('tbo-td', col.align && `tbo-td--${col.align}`)}>{col.render(data)}</div>;
  const labels: BooleanLabels = { yes: t('common.yes'), no: t('common.no') };
  const value = data[col.field];
  if (typeof value === 'boolean' && !col.format) {
    return (
      <div className={cx('tbo-td', 'tbo-td--center')}>
        {value ? <Icon name="check" size={16} className="tbo-td__bool tbo-td__bool--on" aria-label={labels.yes} /> : <span className="tbo-td__bool">—</span>}
        <span className="tbo-sr-only">{value ? labels.yes : labels.no}</span>
      </div>
    );
  }
  const text = cellText(col, data, labels);
  return (
    <div className={cx('tbo-td', col.align && `tbo-td--${col.align}`)}>
      <span className="tbo-td__text" title={text.length > 18 ? text : undefined}>
        {text}
      </span>
    </div>
  );
}

function CellEditor<T>({ col }: { col: DataTableColumn<T> }) {
  const { t } = useTranslation('ui');
  const { edit, setDraft, saveEdit, cancelEdit, firstEditableField } = useTable<T>();
  const wrapRef = useRef<HTMLDivElement>(null);
  const editor = col.editor!;
  const field = col.field;
  const value = edit?.draft[field] ?? null;
  const error = edit?.errors[field];
  const disabled = !!edit?.saving;
  const isFirst = firstEditableField === field;

  useEffect(() => {
    if (isFirst) wrapRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    // Only when the row enters edit mode (this editor mounts).
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancelEdit();
    } else if (e.key === 'Enter' && !(e.target instanceof HTMLSelectElement) && !e.defaultPrevented) {
      e.preventDefault();
      saveEdit();
    }
  };

  const label = t('table.edit.fieldLabel', { column: col.header });
  let control;
  switch (editor.type) {
    case 'text':
      control = <TextInput size="sm" value={String(value ?? '')} maxLength={editor.maxLength} disabled={disabled} invalid={!!error} aria-label={label} onChange={(v) => setDraft(field, v)} />;
      break;
    case 'number':
      control = (
        <NumberInput
          size="sm"
          value={typeof value === 'number' ? value : null}
          min={editor.min ?? TABLE_NUMBER_MIN}
          max={editor.max ?? TABLE_NUMBER_MAX}
          decimals={editor.decimals ?? 2}
          disabled={disabled}
          invalid={!!error}
          aria-label={label}
          onChange={(v) => setDraft(field, v)}
        />
      );
      break;
    case 'select':
      control = <SelectInput size="sm" options={editor.options} value={value as string | number | null} placeholder={editor.required ? undefined : '—'} disabled={disabled} invalid={!!error} aria-label={label} onChange={(v) => setDraft(field, v)} />;
      break;
    case 'checkbox':
      control = <Checkbox checked={!!value} disabled={disabled} aria-label={label} onChange={(v) => setDraft(field, v)} />;
      break;
    case 'date':
      control = <DateInput size="sm" value={String(value ?? '')} disabled={disabled} invalid={!!error} aria-label={label} onChange={(v) => setDraft(field, v)} />;
      break;
    case 'time':
      control = <TimeInput size="sm" value={String(value ?? '')} disabled={disabled} invalid={!!error} aria-label={label} onChange={(v) => setDraft(field, v)} />;
      break;
  }
  return (
    <div ref={wrapRef} className={cx('tbo-td tbo-td--editing', editor.type === 'checkbox' && 'tbo-td--center')} onKeyDown={onKeyDown} title={error ? t(`table.edit.errors.${error}`) : undefined}>
      {control}
    </div>
  );
}

/** The selection checkbox of a row: out of the tab order (the body is one Tab stop); Space on its cell toggles it. */
export function SelectCell<T>({ data }: ICellRendererParams<T>) {
  const { t } = useTranslation('ui');
  const { selected, getKey, toggleRow } = useTable<T>();
  if (!data) return null;
  const on = selected.has(getKey(data));
  return (
    <div className="tbo-td tbo-td--center">
      <input type="checkbox" className="tbo-checkbox" checked={on} aria-label={t('table.selectRow')} tabIndex={-1} onChange={() => toggleRow(data)} />
    </div>
  );
}

/**
 * Edit (pencil) for a row, or save and cancel while it is being edited. The pencil is out of the tab order (the body
 * is one Tab stop): Enter or F2 on a row's cell edits it.
 */
export function ActionsCell<T>({ data }: ICellRendererParams<T>) {
  const { t } = useTranslation('ui');
  const { edit, getKey, startEdit, saveEdit, cancelEdit, canEdit } = useTable<T>();
  if (!data) return null;
  const mine = edit && edit.key === getKey(data);
  if (mine) {
    const errorCount = Object.keys(edit.errors).length;
    return (
      <div className="tbo-td tbo-td--actions" onKeyDown={(e) => e.key === 'Escape' && cancelEdit()}>
        <button type="button" className="tbo-btn tbo-btn--sm tbo-btn--primary tbo-btn--icon" onClick={saveEdit} disabled={edit.saving} aria-label={t('table.edit.save')} title={t('table.edit.save')}>
          {edit.saving ? <span className="tbo-spinner tbo-spinner--sm" /> : <Icon name="check" size={15} />}
        </button>
        <button type="button" className="tbo-btn tbo-btn--sm tbo-btn--icon" onClick={cancelEdit} disabled={edit.saving} aria-label={t('table.edit.cancel')} title={t('table.edit.cancel')}>
          <Icon name="x" size={15} />
        </button>
        {/* The wrong editors are outlined red with their message as tooltip; this tells screen readers. */}
        {errorCount > 0 && (
          <span className="tbo-sr-only" role="alert">
            {t('table.edit.fix')}
          </span>
        )}
      </div>
    );
  }
  if (!canEdit(data)) return null;
  return (
    <div className="tbo-td tbo-td--actions">
      <button type="button" className="tbo-btn tbo-btn--sm tbo-btn--ghost tbo-btn--icon" tabIndex={-1} onClick={() => startEdit(data)} aria-label={t('table.edit.edit')} title={t('table.edit.editHint')}>
        <Icon name="pencil" size={15} />
      </button>
    </div>
  );
}
