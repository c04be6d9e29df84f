import type { ReactNode } from 'react';

export interface ColumnHeadsProps {
  /** One head a column, in order (scope col: screen readers name each cell by it). */
  labels: readonly ReactNode[];
  /** The class of a head by its place in `labels` (a figure's column aligned right, a narrow actions column). */
  classNames?: Readonly<Record<number, string>>;
  /** Heads of their own before the labelled ones (a select-all box). */
  children?: ReactNode;
}

/** The head of a plain table: one row of column heads. */
export function ColumnHeads({ labels, classNames, children }: ColumnHeadsProps) {
  return (
    <thead>
      <tr>
        {children}
        {labels.map((label, i) => (
          <th key={i} scope="col" className={classNames?.[i]}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
