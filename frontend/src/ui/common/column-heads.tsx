import type { ReactNode } from 'react';

export interface ColumnHeadsProps {
  /** One head a column, in order (scope col: screen readers name each cell by it). */
  labels: readonly ReactNode[];
  /** Heads of their own before the labelled ones (a select-all box). */
  children?: ReactNode;
}

/** The head of a plain table: one row of column heads. */
export function ColumnHeads({ labels, children }: ColumnHeadsProps) {
  return (
    <thead>
      <tr>
        {children}
        {labels.map((label, i) => (
          <th key={i} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
