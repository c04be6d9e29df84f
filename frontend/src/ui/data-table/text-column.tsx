import type { DataTableColumn } from './types';

export interface TextColumnOptions<T> {
  field: keyof T & string;
  header: string;
  width: number;
  minWidth: number;
  flex: number;
  /** The text filter's hint. */
  placeholder: string;
  /** The cell's text, whole in its tooltip (a long one is cut). */
  text: (row: T) => string;
  className: string;
  testId: string;
  /** More attributes on the cell (the row's id for tests). */
  attrs?: (row: T) => Record<`data-${string}`, string | number>;
}

/** A text column of a list, filtered by the text it contains, the whole text in the tooltip. */
export function textColumn<T>({ field, header, width, minWidth, flex, placeholder, text, className, testId, attrs }: TextColumnOptions<T>): DataTableColumn<T> {
  return {
    field,
    header,
    width,
    minWidth,
    flex,
    filter: { type: 'text', placeholder },
    render: (row) => (
      <span className={className} data-testid={testId} {...attrs?.(row)} title={text(row)}>
        {text(row)}
      </span>
    ),
  };
}
