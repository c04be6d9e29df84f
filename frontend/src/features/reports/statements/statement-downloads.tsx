import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBookingDocument } from '../../../app/documents/download-booking-document';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/common/button';

/** PDF and Excel buttons of one statement (`base`: its route without /pdf or /xlsx). */
export function StatementDownloads({ base, month, testId }: { base: string; month: string; testId: string }) {
  const { t } = useTranslation('reports');
  const [error, setError] = useState<string | null>(null);
  const download = async (ext: 'pdf' | 'xlsx') => {
    setError(null);
    try {
      await downloadBookingDocument(`${base}/${ext}`, `commission-statement-${month}.${ext}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <span className="statements__downloads">
      <Button size="sm" onClick={() => void download('pdf')} data-testid={`${testId}-pdf`}>
        {t('statements.pdf')}
      </Button>
      <Button size="sm" onClick={() => void download('xlsx')} data-testid={`${testId}-xlsx`}>
        {t('excel')}
      </Button>
      {error && (
        <span role="alert" className="reports__error">
          {error}
        </span>
      )}
    </span>
  );
}
