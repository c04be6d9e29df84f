import '../common/ui.css';
import '../fields/fields.css';
import './cancellation-policy.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { NumberInput } from '../fields/inputs';
import { isSavablePolicyRow, POLICY_HOURS_MAX, POLICY_PERCENTS_MAX, POLICY_TABLE_HEIGHT, samePolicy, savablePolicyRows, type PolicyRow } from './cancellation-policy.logic';
import { focusWhenShown } from '../common/focus-when-shown';

export interface CancellationPolicyEditorProps {
  /** The policy's rows, {hours, percents}. */
  value: readonly PolicyRow[];
  /** Called with the savable rows (non-zero hours and percents) after a row is saved, added or deleted. */
  onChange: (rows: PolicyRow[]) => void;
  readOnly?: boolean;
  /** Names the table (e.g. the id of a heading). */
  ariaLabelledBy?: string;
  /** Height of the table box; spec 01 §2 fixes it at 150. */
  height?: number;
  testId?: string;
}

interface EditorRow {
  key: number;
  hours: number | null;
  percents: number | null;
  /** Inline edit in progress: the draft values. */
  editing: boolean;
  draftHours: number | null;
  draftPercents: number | null;
  /** Added and never applied: cancelling the edit removes the row. */
  isNew: boolean;
  /** A save of the draft was refused (0 hours or 0 percents). */
  refused: boolean;
}

let nextKey = 1;
const fromValue = (rows: readonly PolicyRow[]): EditorRow[] =>
  rows.map((r) => ({ key: nextKey++, hours: r.hours, percents: r.percents, editing: false, draftHours: r.hours, draftPercents: r.percents, isNew: false, refused: false }));

/** The rows that count as the policy: applied values (a new row's unapplied draft is not one of them). */
const applied = (rows: readonly EditorRow[]) => rows.filter((r) => !r.isNew).map((r) => ({ hours: r.hours, percents: r.percents }));

/**
 * The cancellation policy editor (spec 01 §2, §5): a table of hours and refund percent with inline edit (save or
 * cancel per row), add and delete, in a box of fixed height. A row with 0 hours or 0 percents is flagged red with a
 * warning; an inline edit is applied only when both are non-zero, and what onChange reports is always
 * savablePolicyRows() of the table. With no savable row the 'not refundable' warning shows.
 * Keyboard: Enter in a row's inputs saves the row, Escape cancels; neither reaches the surrounding form.
 */
export function CancellationPolicyEditor({ value, onChange, readOnly, ariaLabelledBy, height = POLICY_TABLE_HEIGHT, testId = 'cancellation-policy' }: CancellationPolicyEditorProps) {
  const { t } = useTranslation('cancellation-policy');
  const [rows, setRows] = useState<EditorRow[]>(() => fromValue(value));
  const lastEmitted = useRef<readonly PolicyRow[]>(value);
  const focusKey = useRef<number | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  // Take a policy from outside (load, reset, reload) unless it is what we reported last.
  useEffect(() => {
    if (samePolicy(value, lastEmitted.current)) return;
    lastEmitted.current = value;
    setRows(fromValue(value));
  }, [value]);

  // Move focus into a row that just opened for editing (add, pencil).
  useEffect(() => {
    if (focusKey.current === null) return;
    const input = tableRef.current?.querySelector<HTMLInputElement>(`[data-row-key="${focusKey.current}"] input`);
    focusKey.current = null;
    input?.focus();
  });

  const commit = (next: EditorRow[]) => {
    setRows(next);
    const before = savablePolicyRows(lastEmitted.current);
    const after = savablePolicyRows(applied(next));
    // Report when the savable policy changed, or when the outside value still carries unsavable rows we dropped.
    if (!samePolicy(before, after) || lastEmitted.current.length !== after.length) {
      lastEmitted.current = after;
      onChange(after);
    }
  };

  const update = (key: number, patch: Partial<EditorRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const add = () => {
    const key = nextKey++;
    focusKey.current = key;
    setRows((rs) => [...rs, { key, hours: null, percents: null, editing: true, draftHours: null, draftPercents: null, isNew: true, refused: false }]);
    requestAnimationFrame(() => {
      const box = tableRef.current;
      if (box) box.scrollTop = box.scrollHeight;
    });
  };

  const startEdit = (row: EditorRow) => {
    focusKey.current = row.key;
    update(row.key, { editing: true, draftHours: row.hours, draftPercents: row.percents, refused: false });
  };

  const save = (row: EditorRow) => {
    if (!isSavablePolicyRow({ hours: row.draftHours ?? 0, percents: row.draftPercents ?? 0 })) {
      update(row.key, { refused: true });
      return;
    }
    commit(rows.map((r) => (r.key === row.key ? { ...r, hours: r.draftHours, percents: r.draftPercents, editing: false, isNew: false, refused: false } : r)));
    focusAfterClose(row.key);
  };

  /** After a row closes, the keyboard goes on from its pencil (a dropped new row: from Add). */
  const focusAfterClose = (key: number) => focusWhenShown(() => rootRef.current, [`[data-row-key="${key}"] [data-testid=cp-edit]`, '[data-testid=cp-add]']);

  const cancel = (row: EditorRow) => {
    if (row.isNew) setRows((rs) => rs.filter((r) => r.key !== row.key));
    else update(row.key, { editing: false, draftHours: row.hours, draftPercents: row.percents, refused: false });
    focusAfterClose(row.key);
  };

  const remove = (row: EditorRow) => commit(rows.filter((r) => r.key !== row.key));

  const onRowKey = (row: EditorRow) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      // Let the number input settle its text (blur clamps) before saving.
      save({ ...row });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancel(row);
    }
  };

  const savableCount = savablePolicyRows(applied(rows)).length;
  const isFlagged = (row: EditorRow) => (row.editing ? row.refused : !isSavablePolicyRow(row));
  const anyFlagged = rows.some(isFlagged);
  const warnId = `${baseId}-warning`;
  // The hours or the percents input of a row being edited.
  const draftCell = (row: EditorRow, i: number, flagged: boolean, part: 'hours' | 'percents') => {
    const value = part === 'hours' ? row.draftHours : row.draftPercents;
    return (
      <td className="tbo-cp__num">
        <NumberInput
          size="sm"
          value={value}
          onChange={(v) => update(row.key, part === 'hours' ? { draftHours: v, refused: false } : { draftPercents: v, refused: false })}
          min={0}
          max={part === 'hours' ? POLICY_HOURS_MAX : POLICY_PERCENTS_MAX}
          decimals={0}
          aria-label={t(part === 'hours' ? 'hoursOfRow' : 'percentsOfRow', { n: i + 1 })}
          aria-describedby={flagged ? warnId : undefined}
          invalid={flagged && !value}
          onKeyDown={onRowKey(row)}
          data-testid={`cp-${part}`}
        />
      </td>
    );
  };
  const editable = !readOnly;

  return (
    <div className="tbo-cp" data-testid={testId} ref={rootRef}>
      {editable && (
        <div className="tbo-cp__toolbar">
          <Button size="sm" icon="plus" label={t('add')} onClick={add} data-testid="cp-add" />
        </div>
      )}
      <div className="tbo-cp__box" style={{ height }} ref={tableRef}>
        <table className="tbo-cp__table" aria-labelledby={ariaLabelledBy} aria-label={ariaLabelledBy ? undefined : t('title')}>
          <thead>
            <tr>
              <th scope="col" className="tbo-cp__num">
                {t('hours')}
              </th>
              <th scope="col" className="tbo-cp__num">
                {t('percents')}
              </th>
              {editable && (
                <th scope="col" className="tbo-cp__actions">
                  <span className="tbo-sr-only">{t('actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={editable ? 3 : 2} className="tbo-cp__empty">
                  {t('empty')}
                </td>
              </tr>
            )}
            {rows.map((row, i) => {
              const flagged = isFlagged(row);
              return (
                <tr key={row.key} data-row-key={row.key} data-testid="cp-row" className={cx('tbo-cp__row', flagged && 'tbo-cp__row--invalid', row.editing && 'tbo-cp__row--editing')} aria-invalid={flagged || undefined} aria-describedby={flagged ? warnId : undefined}>
                  {row.editing ? (
                    <>
                      {draftCell(row, i, flagged, 'hours')}
                      {draftCell(row, i, flagged, 'percents')}
                      <td className="tbo-cp__actions">
                        <Button size="sm" variant="ghost" iconOnly icon="check" label={t('saveRow')} onClick={() => save(row)} data-testid="cp-save" />
                        <Button size="sm" variant="ghost" iconOnly icon="x" label={t('cancelRow')} onClick={() => cancel(row)} data-testid="cp-cancel" />
                      </td>
                    </>
                  ) : (
                    <>
                      <td className="tbo-cp__num" data-testid="cp-hours-value" onDoubleClick={editable ? () => startEdit(row) : undefined}>
                        {row.hours ?? 0}
                      </td>
                      <td className="tbo-cp__num" data-testid="cp-percents-value" onDoubleClick={editable ? () => startEdit(row) : undefined}>
                        {t('percentValue', { value: row.percents ?? 0 })}
                      </td>
                      {editable && (
                        <td className="tbo-cp__actions">
                          <Button size="sm" variant="ghost" iconOnly icon="pencil" label={t('editRow')} onClick={() => startEdit(row)} data-testid="cp-edit" />
                          <Button size="sm" variant="ghost" iconOnly icon="x" label={t('deleteRow')} className="tbo-cp__delete" onClick={() => remove(row)} data-testid="cp-delete" />
                        </td>
                      )}
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {anyFlagged && (
        <p className="tbo-cp__row-warning" id={warnId} role="alert" data-testid="cp-row-warning">
          <Icon name="info" size={14} />
          {t('zeroWarning')}
        </p>
      )}
      {savableCount === 0 && (
        <p className="tbo-cp__warning" role="status" data-testid="cp-not-refundable">
          {t('notSpecified')}
        </p>
      )}
    </div>
  );
}
