import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { Checkbox } from '../../../ui/fields';
import { MassSetDialog } from './mass-set-dialog';
import type { PickUpTimeForm } from './pickup-time-form';
import { TimeCell, type TimeList } from './time-cell';
import { ColumnHeads } from '../../../ui/common/column-heads';

export interface InfoColumn {
  header: string;
  cell: (index: number) => ReactNode;
}

interface TimesTableProps {
  control: Control<PickUpTimeForm>;
  list: TimeList;
  title: string;
  /** What the rows show before their times (region and city; hotel, region and city). */
  columns: InfoColumn[];
  /** The form rows shown, in order. */
  visible: number[];
  /** A row's name, for the inputs' and checkboxes' accessible names. */
  rowLabel: (index: number) => string;
  rowClass?: (index: number) => string | undefined;
  /** Beside the title: toggles, a filter. */
  tools?: ReactNode;
  emptyText: string;
  onMassSet: (indexes: number[], start: string, end: string) => void;
  testId: string;
}

/**
 * A table of rows with a start and an end time (HH:MM inputs), a check box per row and a select-all box, and
 * the mass-set action: the selected rows, or every row shown when none is selected.
 */
export function TimesTable({ control, list, title, columns, visible, rowLabel, rowClass, tools, emptyText, onMassSet, testId }: TimesTableProps) {
  const { t } = useTranslation('pickuptimes');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [massSet, setMassSet] = useState(false);
  const shownSelected = visible.filter((i) => selected.has(i));
  const targets = shownSelected.length ? shownSelected : visible;
  const allChecked = visible.length > 0 && shownSelected.length === visible.length;

  const toggle = (i: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(i);
      else next.delete(i);
      return next;
    });

  return (
    <section className="pickup-times" data-testid={testId} aria-label={title}>
      <div className="pickup-times__bar">
        <h2 className="pickup-times__title">{title}</h2>
        {shownSelected.length > 0 && <span className="pickup-times__count">{t('selectedCount', { count: shownSelected.length })}</span>}
        <div className="pickup-times__tools">
          {tools}
          <Button size="sm" icon="clock" label={t('massSet.button')} disabled={!visible.length} onClick={() => setMassSet(true)} data-testid={`${testId}-mass-set`} />
        </div>
      </div>
      <div className="pickup-times__scroll">
        <table className="pickup-times__table">
          <ColumnHeads labels={[...columns.map((c) => c.header), t('columns.start'), t('columns.end')]}>
            <th className="pickup-times__check" scope="col">
              <Checkbox
                checked={allChecked}
                indeterminate={shownSelected.length > 0 && !allChecked}
                disabled={!visible.length}
                onChange={(on) => setSelected(on ? new Set([...selected, ...visible]) : new Set([...selected].filter((i) => !visible.includes(i))))}
                aria-label={t('selectAll')}
              />
            </th>
          </ColumnHeads>
          <tbody>
            {visible.map((i) => (
              <tr key={i} className={cx(selected.has(i) && 'pickup-times__row--selected', rowClass?.(i))} data-testid={`${testId}-row`}>
                <td className="pickup-times__check">
                  <Checkbox checked={selected.has(i)} onChange={(on) => toggle(i, on)} aria-label={t('selectRow', { name: rowLabel(i) })} />
                </td>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(i)}</td>
                ))}
                <td>
                  <TimeCell control={control} list={list} index={i} edge="start" label={t('startOf', { name: rowLabel(i) })} />
                </td>
                <td>
                  <TimeCell control={control} list={list} index={i} edge="end" label={t('endOf', { name: rowLabel(i) })} />
                </td>
              </tr>
            ))}
            {!visible.length && (
              <tr>
                <td colSpan={columns.length + 3} className="pickup-times__empty">
                  {emptyText}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {massSet && (
        <MassSetDialog
          count={targets.length}
          selected={shownSelected.length > 0}
          onApply={(start, end) => {
            onMassSet(targets, start, end);
            setMassSet(false);
            setSelected(new Set());
          }}
          onCancel={() => setMassSet(false)}
          testId={`${testId}-mass-set-dialog`}
        />
      )}
    </section>
  );
}
