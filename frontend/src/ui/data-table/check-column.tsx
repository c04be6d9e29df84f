import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import type { DataTableColumn, FilterOption } from './types';

/** The Yes / No choices of a flag's filter: the values every data source reads for a boolean column. */
export function yesNoOptions(yes: string, no: string): FilterOption<string>[] {
  return [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
}

export interface CheckColumnOptions<T> {
  field: keyof T & string;
  header: string;
  width: number;
  /** The words for set and not set: the filter's choices and what a screen reader hears for the mark. */
  yes: string;
  no: string;
  testId: string;
  /** The mark's look (`tbo-dt__check` by default); `{className}--on` is added when the flag is set. */
  className?: string;
}

/** A flag of a list as a check mark when set, centred, filtered by Yes / No. */
export function checkColumn<T extends object>({ field, header, width, yes, no, testId, className = 'tbo-dt__check' }: CheckColumnOptions<T>): DataTableColumn<T> {
  return {
    field,
    header,
    width,
    align: 'center',
    filter: { type: 'select', options: yesNoOptions(yes, no) },
    render: (row) => {
      const on = row[field] === true;
      return (
        <span className={cx(className, on && `${className}--on`)} data-testid={testId} data-on={on}>
          {on && <Icon name="check" size={16} />}
          <span className="tbo-sr-only">{on ? yes : no}</span>
        </span>
      );
    },
  };
}

/** The row class of a list that shows deleted rows too: struck through like a cancelled booking. */
export const deletedRowClass = (row: { isDeleted: boolean }): string | undefined => (row.isDeleted ? 'tbo-row--cancelled' : undefined);
