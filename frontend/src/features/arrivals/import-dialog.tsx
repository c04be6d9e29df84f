import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { serverMessage } from '../../lib/api-client';
import { Button } from '../../ui/common/button';
import { Modal } from '../../ui/common/modal';
import { fetchLists, uploadArrivals, type ImportAnswer } from './api/arrivals.api';
import { ColumnHeads } from '../../ui/common/column-heads';
import { importVersion } from './arrivals-panel.logic';

/** Import an arrival list (.xlsx): choose the file and the list, see what it would do, confirm (spec 02 §1, issue: import with preview). */
export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: (a: ImportAnswer) => void }) {
  const { t } = useTranslation('arrivals');
  const id = useId();
  const lists = useQuery({ queryKey: ['arrivals', 'lists'], queryFn: fetchLists });
  const [file, setFile] = useState<File | null>(null);
  const [listId, setListId] = useState(0);
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [error, setError] = useState('');
  // Rows whose Hotel or Agency matches no name: imported without it, so the person importing should know before.
  const warnings = preview?.mapping.flatMap((m) => m.warnings ?? []) ?? [];
  const unmatched = preview?.mapping.reduce((n, m) => n + (m.unmatched ?? 0), 0) ?? 0;
  // A file that would add, change and remove nothing (every row refused or as it is) has nothing to import: an
  // import then would only make an empty list, reported as a success.
  const nothing = !!preview && preview.added + preview.changed + preview.removed === 0;

  const run = async (confirm: boolean) => {
    if (!file) return;
    setBusy(confirm ? 'import' : 'preview');
    setError('');
    try {
      const answer = await uploadArrivals(file, { listId, name: listId ? undefined : name.trim() || file.name.replace(/\.xlsx$/i, ''), version: importVersion(confirm, preview) }, !confirm);
      if (confirm) onImported(answer);
      else setPreview(answer);
    } catch (err) {
      // The upload's refusal comes as the API words it ('The file has no Pax Id column'): said here in the interface language.
      setError(serverMessage(err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="tbo-dialog card arrivals-dialog arrivals-import" backdropClassName="tbo-dialog-backdrop" testId="arrivals-import-dialog">
      <h2 className="tbo-dialog__title" id={`${id}-title`}>
        {t('import.title')}
      </h2>
      <div className="arrivals-import__choose">
        {/*
          The browser's own file box speaks its own language ('Choose File / No file chosen' in a Russian screen): a
          button-like label in the interface language with the chosen file's name beside it, the native input kept
          (hidden from sight only) for the keyboard, screen readers and the file dialog.
        */}
        <div className="arrivals-field">
          <span id={`${id}-file-label`}>{t('import.file')}</span>
          <div className="arrivals-file">
            <input
              id={`${id}-file`}
              className="arrivals-file__input"
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-labelledby={`${id}-file-label ${id}-file-name`}
              data-testid="import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
            <label htmlFor={`${id}-file`} className="tbo-btn tbo-btn--default tbo-btn--md arrivals-file__button">
              {t('import.chooseFile')}
            </label>
            <span id={`${id}-file-name`} className={`arrivals-file__name${file ? '' : ' arrivals-muted'}`} data-testid="import-file-name">
              {file?.name ?? t('import.noFile')}
            </span>
          </div>
        </div>
        <label className="arrivals-field">
          <span>{t('import.list')}</span>
          <select className="tbo-select" value={listId} data-testid="import-list" onChange={(e) => { setListId(Number(e.target.value)); setPreview(null); }}>
            <option value={0}>{t('import.newList')}</option>
            {(lists.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {t('import.listOption', { name: l.name, count: l.count })}
              </option>
            ))}
          </select>
        </label>
        {listId === 0 && (
          <label className="arrivals-field">
            <span>{t('import.name')}</span>
            <input className="tbo-input" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder={file?.name.replace(/\.xlsx$/i, '') ?? ''} data-testid="import-name" />
          </label>
        )}
      </div>
      {error && (
        <p className="arrivals-error" role="alert" data-testid="import-error">
          {error}
        </p>
      )}
      {busy && (
        <p className="arrivals-progress" role="status" data-testid="import-progress">
          <span className="tbo-spinner tbo-spinner--sm" aria-hidden="true" /> {busy === 'import' ? t('import.importing') : t('import.reading')}
        </p>
      )}
      {preview && (
        <div className="arrivals-import__preview" data-testid="import-preview">
          <p data-testid="import-counts">
            {t('import.counts', { added: preview.added, changed: preview.changed, unchanged: preview.unchanged, removed: preview.removed, refused: preview.refused })}
            {nothing && (
              <strong className="arrivals-import__nothing" role="status" data-testid="import-nothing">
                {' '}
                {t('import.nothing')}
              </strong>
            )}
          </p>
          <h3>{t('import.mapping')}</h3>
          <ul className="arrivals-mapping">
            {preview.mapping.map((m) => (
              <li key={m.column} className={m.field ? undefined : 'arrivals-muted'}>
                {m.header} → {m.label ? serverMessage(m.label) : t('import.ignored')}
              </li>
            ))}
          </ul>
          {warnings.length > 0 && (
            <>
              <h3>{t('import.unmatched', { count: unmatched })}</h3>
              <table className="arrivals-preview-table" data-testid="import-warnings">
                <ColumnHeads labels={[t('import.row'), t('import.paxId'), t('columns.touristName'), t('import.reason')]} />
                <tbody>
                  {warnings.map((w, i) => (
                    <tr key={i} data-testid="import-warning">
                      <td>{w.row}</td>
                      <td className="arrivals-preview__value">{w.paxId}</td>
                      <td className="arrivals-preview__value">{w.touristName}</td>
                      <td>{serverMessage(w.reason)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <table className="arrivals-preview-table">
            <ColumnHeads labels={[t('import.row'), t('import.action'), t('import.paxId'), t('columns.touristName'), t('import.reason')]} />
            <tbody>
              {preview.rows.map((r, i) => (
                <tr key={i} className={`arrivals-preview--${r.action}`} data-testid={`import-row-${r.action}`}>
                  <td>{r.row || ''}</td>
                  <td>{t(`import.actions.${r.action}`)}</td>
                  <td className="arrivals-preview__value">{r.paxId}</td>
                  <td className="arrivals-preview__value">{r.touristName}</td>
                  <td>{r.reason ? serverMessage(r.reason) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="tbo-dialog__actions">
        <Button label={t('cancel')} onClick={onClose} />
        {preview ? (
          <Button variant="primary" label={t('import.confirm')} busy={busy === 'import'} disabled={!!busy || nothing} onClick={() => void run(true)} data-testid="import-confirm" />
        ) : (
          <Button variant="primary" label={t('import.preview')} busy={busy === 'preview'} disabled={!file || !!busy} onClick={() => void run(false)} data-testid="import-preview-button" />
        )}
      </div>
    </Modal>
  );
}
