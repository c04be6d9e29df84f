export { HistoryTable, type HistoryTableProps } from './history-table';
export { formatHistoryDate, historyRows, isSystemAuthor, shorten, HISTORY_VALUE_MAX, type HistoryEntryLike, type HistoryRow, type HistoryRowChange } from './history-model';
export { describeHistoryValue, historyFormat, namesOf, type HistoryFieldFormats, type HistoryWords, type NamedOption } from './history-values';
export { useHistoryWords } from './use-history-words';
export { plainText } from './plain-text';
