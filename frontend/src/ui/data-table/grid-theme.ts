import { themeQuartz } from 'ag-grid-community';

/** Row and header sizes of the data table (px). */
export const ROW_HEIGHT = 42;
export const HEADER_HEIGHT_WITH_FILTERS = 78;
export const HEADER_HEIGHT_PLAIN = 44;
export { DEFAULT_COLUMN_WIDTH } from './column-width';

/**
 * The grid's look through AG Grid's Theming API (Quartz with the product's colours, spec-neutral sizes).
 * Colours follow the shell's tokens (styles/tokens.css).
 */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontSize: 12.5,
  headerFontWeight: 600,
  foregroundColor: '#1c2530',
  textColor: '#1c2530',
  subtleTextColor: '#5b6876',
  backgroundColor: '#ffffff',
  accentColor: '#0f4c5c',
  borderColor: '#dde3ea',
  headerBackgroundColor: '#f7f9fb',
  headerTextColor: '#3a4653',
  headerColumnBorder: { color: '#e6eaef' },
  headerColumnResizeHandleColor: '#c3ccd6',
  headerRowBorder: { color: '#dde3ea' },
  rowBorder: { color: '#edf0f4' },
  columnBorder: false,
  wrapperBorder: false,
  wrapperBorderRadius: 0,
  borderRadius: 4,
  oddRowBackgroundColor: '#fbfcfd',
  rowHoverColor: 'rgb(15 76 92 / 5%)',
  selectedRowBackgroundColor: 'rgb(15 76 92 / 9%)',
  rangeSelectionBorderColor: '#0f4c5c',
  cellHorizontalPadding: 10,
  rowHeight: ROW_HEIGHT,
  headerHeight: HEADER_HEIGHT_WITH_FILTERS,
  spacing: 6,
  iconSize: 14,
  tooltipBackgroundColor: '#2b2f36',
  tooltipTextColor: '#ffffff',
  tooltipBorder: false,
  focusShadow: { radius: 0, spread: 2, color: 'rgb(227 100 20 / 55%)' },
  pinnedColumnBorder: { color: '#dde3ea' },
});
