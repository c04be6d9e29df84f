import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, saveBlob } from '../../lib/api-client';
import { buildExportColumns, loadAllRows } from './cell-value';
import { notifyExportFailed } from './use-file-download';
import type { DataTableColumn, TableDataSource, TableExportOptions, TableFilter } from './types';

/** The server's default Excel endpoint (spec 01 §7). */
export const EXCEL_ENDPOINT = '/api/excel/fromdatatable';

/** Excel export of all rows of the current filter (not just the page) through the server. */
export function useTableExport<T>(exportOptions: TableExportOptions<T> | undefined, dataSource: TableDataSource<T>, columns: DataTableColumn<T>[], filterKey: string) {
  const { t } = useTranslation('ui');
  const [exporting, setExporting] = useState(false);
  const labels = useMemo(() => ({ yes: t('common.yes'), no: t('common.no') }), [t]);
  const runExport = useCallback(async () => {
    if (!exportOptions || exporting) return;
    setExporting(true);
    try {
      const current = JSON.parse(filterKey) as TableFilter;
      const rows = exportOptions.loadAll ? await exportOptions.loadAll(current) : await loadAllRows(dataSource, current);
      const body = { Title: exportOptions.title, FileName: exportOptions.fileName, Columns: buildExportColumns(columns, rows, labels) };
      const { blob, fileName } = await apiDownload(exportOptions.endpoint ?? EXCEL_ENDPOINT, body, { silent: true });
      saveBlob(blob, fileName || exportOptions.fileName);
    } catch (err) {
      notifyExportFailed(err, t('table.export.failed'));
    } finally {
      setExporting(false);
    }
  }, [exportOptions, exporting, filterKey, dataSource, columns, labels, t]);
  return { exporting, runExport };
}
