import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notifications/notifications';
import { saveBlob } from '../../lib/api-client';

/** A file the server built for the browser to save. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** Spec 01 §8: an export that fails says "Couldn't generate excel file", with the server's reason when it gave one. */
export function notifyExportFailed(err: unknown, failed: string): void {
  const detail = err instanceof Error ? err.message : '';
  notify({ title: failed, message: detail || failed, kind: 'error' });
}

/**
 * One download at a time of a file the server builds from the table's current query (the lists whose server
 * exports them itself). `download` answers nothing while there is no query yet; the file keeps the server's name,
 * or `fallbackName` when the answer names none.
 */
export function useFileDownload(download: () => Promise<DownloadedFile> | null, fallbackName: string) {
  const { t } = useTranslation('ui');
  const [exporting, setExporting] = useState(false);
  const downloadRef = useRef(download);
  downloadRef.current = download;
  const runExport = useCallback(async () => {
    if (exporting) return;
    const pending = downloadRef.current();
    if (!pending) return;
    setExporting(true);
    try {
      const { blob, fileName } = await pending;
      saveBlob(blob, fileName || fallbackName);
    } catch (err) {
      notifyExportFailed(err, t('table.export.failed'));
    } finally {
      setExporting(false);
    }
  }, [exporting, fallbackName, t]);
  return { exporting, runExport };
}
